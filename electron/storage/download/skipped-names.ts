/**
 * Which downloads into a folder are skipped because this computer cannot hold
 * their names (shared/local-names.ts), asked before they start so the rest go
 * on and these are listed with the reason. Each download refuses such a name
 * itself too (local/path.ts); only the case collisions need the whole list
 * and a look at the folder's disk.
 */
import { caseCollisions, CASE_COLLISION, localNameProblem, type LocalNameReason } from '../../../shared/local-names';
import { isCaseInsensitive, localNameOf, localSegments } from '../local';
import { realFolder } from './target';

export interface SkippedName {
  /** The object's name. */
  name: string;
  /** The path under the folder it would have had. */
  fileName: string;
  reason: LocalNameReason;
  message: string;
}

/** `fileName`: where under the folder it goes when not its name's last segment (a folder's download keeps its tree). */
export async function skippedLocalNames(
  targetDir: string,
  items: readonly { name: string; fileName?: string | undefined }[],
  caseInsensitive: (folder: string) => Promise<boolean> = isCaseInsensitive,
): Promise<SkippedName[]> {
  const root = await realFolder(targetDir);
  const folderBytes = Buffer.byteLength(root);
  const skipped: SkippedName[] = [];
  const saved: { name: string; fileName: string }[] = [];
  for (const { name, fileName: wanted } of items) {
    const fileName = localNameOf(name, wanted);
    const problem = localNameProblem(fileName, { folderBytes });
    if (problem) skipped.push({ name, fileName, ...problem });
    // The path as the download writes it (control characters made visible, …): what could collide.
    else saved.push({ name, fileName: localSegments(name, wanted, process.platform, root).join('/') });
  }
  if (saved.length > 1 && (await caseInsensitive(root))) {
    const colliding = caseCollisions(saved.map((s) => s.fileName));
    for (const s of saved) if (colliding.has(s.fileName)) skipped.push({ ...s, ...CASE_COLLISION });
  }
  return skipped;
}
