/**
 * The archives Swift's extract-archive unpacks, and the file names that claim
 * them. One table for the renderer (which files a drop offers to extract) and
 * the main process (the preview's note when name and content disagree); what
 * is sent is decided by the file's first bytes, never by its name.
 */

/** The values of `?extract-archive=` (swift/common/middleware/bulk.py: '', 'gz' or 'bz2' after "tar"). */
export const ARCHIVE_FORMATS = ['tar', 'tar.gz', 'tar.bz2'] as const;
export type ArchiveFormat = (typeof ARCHIVE_FORMATS)[number];

/** File name endings (lower case) and the format each claims: GNU tar's own suffixes for -z and -j. */
export const ARCHIVE_EXTENSIONS: Readonly<Record<string, ArchiveFormat>> = {
  '.tar': 'tar',
  '.tar.gz': 'tar.gz',
  '.tgz': 'tar.gz',
  '.taz': 'tar.gz',
  '.tar.bz2': 'tar.bz2',
  '.tbz2': 'tar.bz2',
  '.tbz': 'tar.bz2',
  '.tb2': 'tar.bz2',
};

/** The format a file's name (or path) claims, whatever its case; undefined for any other name. */
export function formatFromName(fileName: string): ArchiveFormat | undefined {
  const name = fileName.toLowerCase();
  const ending = Object.keys(ARCHIVE_EXTENSIONS).find((e) => name.endsWith(e));
  return ending === undefined ? undefined : ARCHIVE_EXTENSIONS[ending];
}
