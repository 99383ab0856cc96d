import type { ComparisonStart } from '../../../shared/sync';
import type { StorageSession } from '../session';
import { compareFolder, type CompareFolderOptions } from './compare';
import type { DifferenceFiles } from './differences-file';

/**
 * The app's compare: its differences go to a file as they are settled, and
 * the answer carries the figures and the first page of them; the page reads
 * the rest a page at a time (DifferenceFiles.page), as it reads a listing.
 */
export async function compareFolderPaged(
  session: StorageSession,
  region: string,
  opts: Omit<CompareFolderOptions, 'sink'>,
  files: DifferenceFiles,
): Promise<ComparisonStart> {
  const file = await files.create();
  try {
    const { groups, truncated, skipped, missing } = await compareFolder(session, region, {
      ...opts,
      sink: (entries) => file.append(entries),
    });
    file.finish();
    return { groups, truncated, skipped, missing, ...(await files.page(file.id, 0)) };
  } catch (err) {
    await files.discard(file.id);
    throw err;
  }
}
