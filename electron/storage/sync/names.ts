/** Bytes most file systems allow in one path segment. */
const MAX_SEGMENT_BYTES = 255;

/**
 * Why an object's name (inside the compared prefix) cannot be a file in the
 * chosen folder as it is, or undefined when it can. Such a name is listed as
 * skipped with this reason; it is never written under some other name.
 */
export function remoteNameProblem(name: string): string | undefined {
  if (name.includes('\0')) return 'The name holds a NUL character, which no file name can.';
  const segments = name.split('/');
  if (segments.some((s) => s === '')) return 'The name has an empty part (a "/" at its start or end, or "//").';
  if (segments.some((s) => s === '.' || s === '..')) return 'The name has a "." or ".." part, which would climb.';
  if (segments.some((s) => Buffer.byteLength(s) > MAX_SEGMENT_BYTES)) {
    return `A part of the name is longer than ${MAX_SEGMENT_BYTES} bytes, more than a file name may be.`;
  }
  return undefined;
}
