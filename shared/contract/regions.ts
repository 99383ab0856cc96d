/**
 * The IPC requests of comparing one container between two regions and copying
 * the chosen objects across. Both are long operations: progress and cancel by id.
 */
import { z } from 'zod';
import { containerName, name, operationId, region, urlText } from './fields';
import type { RegionComparison, RegionCopyResult } from '../region-diff';

/** A container in one region of the signed-in catalog. */
const side = z.strictObject({ region, container: containerName });

const notTheSame = (r: { source: z.infer<typeof side>; target: z.infer<typeof side> }) =>
  r.source.region !== r.target.region || r.source.container !== r.target.container;
const SAME_MESSAGE = 'the source and the target are the same container';

const items = z
  .array(z.strictObject({ name, bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }))
  .min(1)
  .max(100_000);

/** The id a page gives a drag of objects to another window: what the drop names, nothing secret. */
const dragId = z.string().regex(/^[0-9a-f]{32}$/, 'a drag id is 32 hexadecimal digits');

export const requests = {
  /** Walks both listings (optionally under a prefix) and answers what differs. */
  compareRegions: z
    .strictObject({ operationId, source: side, target: side, prefix: urlText('prefix').optional() })
    .refine(notTheSame, SAME_MESSAGE),
  /**
   * Copies the named objects from source to target; `bytes` (from the comparison)
   * only sizes the progress bar, the main process reads each object itself.
   */
  copyBetweenRegions: z
    .strictObject({
      operationId,
      source: side,
      target: side,
      items,
    })
    .refine(notTheSame, SAME_MESSAGE),
  /**
   * A drag of objects out of this window's grid began: main keeps what it carries, under this
   * window's session, for the window it is dropped on (the page's drag data is only the id).
   */
  offerWindowDrag: z.strictObject({ dragId, source: side, items }),
  /**
   * Objects of another window's drag were dropped on this window: main copies them with that
   * window's session into this one's (the region copy, streamed, MD5 checked); followed by id.
   */
  copyWindowDrop: z.strictObject({ operationId, dragId, target: side }),
} as const;

export interface Responses {
  compareRegions: RegionComparison;
  copyBetweenRegions: RegionCopyResult;
  offerWindowDrag: true;
  copyWindowDrop: RegionCopyResult;
}
