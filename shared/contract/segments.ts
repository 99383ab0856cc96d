/**
 * The IPC requests of the Segments view: find the segments no manifest in the
 * account uses, and delete chosen groups of them. Both are long operations:
 * progress events (`unit`: containers, then segments) and cancel by id.
 */
import { z } from 'zod';
import { containerName, operationId, region, urlText } from './fields';
import type { SegmentReclaim, SegmentScan } from '../segment-groups';
import { MAX_GROUPS } from '../segment-groups';

/**
 * A group by its container and prefix, never by object names: the main
 * process lists the prefix again and deletes only what is still unused there.
 */
const group = z.strictObject({ container: containerName, prefix: urlText('prefix').min(1) });

export const requests = {
  scanOrphanSegments: z.strictObject({ operationId, region }),
  deleteOrphanSegments: z.strictObject({ operationId, region, groups: z.array(group).min(1).max(MAX_GROUPS) }),
} as const;

export interface Responses {
  scanOrphanSegments: SegmentScan;
  deleteOrphanSegments: SegmentReclaim;
}
