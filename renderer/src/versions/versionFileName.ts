/** "report.pdf" saved as "report (version 2026-11-25 14.09.04).pdf": beside the current file, never over it. */
export function versionFileName(name: string, lastModified: string): string {
  const base = name.split('/').pop() || name;
  const stamp = lastModified.slice(0, 19).replace('T', ' ').replaceAll(':', '.');
  const dot = base.lastIndexOf('.');
  return dot > 0 ? `${base.slice(0, dot)} (version ${stamp})${base.slice(dot)}` : `${base} (version ${stamp})`;
}
