import { localNameProblem } from '../../../shared/local-names';

const sentence = (clause: string) => `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;

/**
 * Why an object's name (inside the compared prefix) cannot be a file in the
 * chosen folder as it is, or undefined when it can: the download's own rule
 * (shared/local-names.ts), and an empty part ("a//b"), which a disk would fold
 * into another name. Such a name is listed as skipped with this reason; it is
 * never written under some other name.
 */
export function remoteNameProblem(name: string, folder?: string): string | undefined {
  const problem = localNameProblem(name, folder === undefined ? {} : { folderBytes: Buffer.byteLength(folder) });
  if (problem) return sentence(problem.message);
  if (name.split('/').includes(''))
    return 'Its name has an empty part ("//"), which a disk would fold into another name.';
  return undefined;
}
