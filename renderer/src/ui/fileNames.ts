/** Names for file work: local paths to object names, copies. */

/** The last segment of a local path, on any platform ("/" or "\" separated). */
export function baseName(filePath: string): string {
  const segments = filePath.split(/[/\\]/).filter(Boolean);
  return segments[segments.length - 1] ?? '';
}

/** The object a dropped or chosen file becomes inside the folder `prefix`. */
export function uploadName(prefix: string, filePath: string): string {
  return prefix + baseName(filePath);
}

/** "docs/report.txt" → "docs/report copy.txt": a new name beside the original. */
export function copyName(name: string): string {
  const slash = name.lastIndexOf('/');
  const folder = name.slice(0, slash + 1);
  const file = name.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  if (dot <= 0) return `${folder}${file} copy`;
  return `${folder}${file.slice(0, dot)} copy${file.slice(dot)}`;
}
