// What extracting an archive would do, worked out before a byte is sent:
// members, sizes, names Swift would refuse, and objects it would replace.
import type { ArchiveFormat } from '../../../shared/archive-formats';
import type { ArchivePreview } from '../../../shared/domain';
import { normalizePrefix } from '../../../shared/folder-prefix';
import { objectNameProblems } from '../../../shared/validation';
import { detectFormat, formatNote } from './format';
import { planObjects } from './names';
import { findExistingNames, type ListNames } from './overwrites';
import { readArchive, type ArchiveContents } from './read';
import { StorageError } from '../errors';
import { getLimits } from '../info';
import { LocalFile } from '../local';
import { listObjects } from '../objects';
import type { StorageSession } from '../session';
import { assertNoProblems } from '../validate';

/** Existing objects named in the preview; `overwriteCount` counts them all. */
export const LISTED_OVERWRITES = 50;
/** Listing requests the overwrite check may make; names beyond are reported as unchecked. */
export const OVERWRITE_CHECK_REQUESTS = 20;
const MAX_PAGE = 10_000;

export interface PreviewOptions {
  container: string;
  prefix?: string | undefined;
  filePath: string;
  signal?: AbortSignal;
}

interface ReadArchive {
  format: ArchiveFormat;
  contents: ArchiveContents;
}

/**
 * The last archives read, by path, size and modification time: typing a
 * target folder previews again without reading the file again, and a file
 * changed on disk is read afresh.
 */
const recent = new Map<string, Promise<ReadArchive>>();
const RECENT_ARCHIVES = 2;

async function readOnce(filePath: string): Promise<ReadArchive> {
  // Opened (and checked to be a regular file) first: a named pipe is refused, never waited on.
  const file = await LocalFile.open(filePath);
  const key = `${filePath}\0${file.size}\0${file.stat.mtimeMs}`;
  let read = recent.get(key);
  if (read) {
    await file.close();
    return read;
  }
  read = (async () => {
    try {
      const format = await detectFormat(file);
      return { format, contents: await readArchive(file, format) };
    } finally {
      await file.close();
    }
  })();
  read.catch(() => recent.delete(key));
  recent.set(key, read);
  for (const old of [...recent.keys()].slice(0, -RECENT_ARCHIVES)) recent.delete(old);
  return read;
}

export async function previewArchive(
  session: StorageSession,
  region: string,
  opts: PreviewOptions,
): Promise<ArchivePreview> {
  const limits = await getLimits(session, region, opts.signal);
  const prefix = normalizePrefix(opts.prefix);
  if (prefix) assertNoProblems(objectNameProblems(prefix, limits), `Cannot extract under "${prefix}"`);
  const { format, contents } = await readOnce(opts.filePath);
  const plan = planObjects(contents.members, prefix, limits);

  const list: ListNames = async ({ marker, endMarker, limit }) => {
    const page = await listObjects(session, region, opts.container, { marker, endMarker, limit, signal: opts.signal });
    return page.entries.flatMap((entry) => ('name' in entry ? [entry.name] : []));
  };
  let existing;
  try {
    existing = await findExistingNames(plan.acceptedNames, list, {
      maxRequests: OVERWRITE_CHECK_REQUESTS,
      pageLimit: Math.min(limits.containerListingLimit, MAX_PAGE),
    });
  } catch (err) {
    // Swift creates a missing container while extracting: nothing in it to overwrite.
    if (!(err instanceof StorageError && err.code === 'not_found')) throw err;
    existing = { found: [], unchecked: 0 };
  }

  return {
    format,
    memberCount: plan.memberCount,
    totalBytes: plan.totalBytes,
    firstMembers: plan.firstMembers,
    rejected: plan.rejected,
    rejectedCount: plan.rejectedCount,
    overwrites: existing.found.slice(0, LISTED_OVERWRITES),
    overwriteCount: existing.found.length,
    overwritesUnchecked: existing.unchecked,
    skippedCount: contents.skipped,
    formatNote: formatNote(opts.filePath, format),
  };
}
