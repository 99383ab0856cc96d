/**
 * The IPC requests of objects: listing a container a page at a time, reading
 * and previewing one, copying, moving (one object or a whole folder), making
 * folders and symlinks, and deleting one or many.
 */
import { z } from 'zod';
import type { BulkDeleteResult, MoveFolderResult, ObjectInfo } from '../domain';
import { LISTING_LIMIT_MAX } from '../limits';
import type { ListingColumns } from '../listing-columns';
import type { ObjectPreview } from '../object-preview';
import {
  cancellable,
  containerName,
  folderPrefix,
  listingText,
  name,
  objectRef,
  operationId,
  region,
  urlText,
} from './fields';

const oneObject = { ...cancellable, region, container: containerName, name };

export const requests = {
  listObjects: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    marker: listingText,
    prefix: listingText,
    delimiter: urlText('delimiter', 16).min(1).optional(),
    endMarker: listingText,
    reverse: z.boolean().optional(),
    limit: z.number().int().min(1).max(LISTING_LIMIT_MAX).optional(),
  }),
  headObject: z.strictObject(oneObject),
  previewObject: z.strictObject(oneObject),
  copyObject: z.strictObject({ ...cancellable, region, from: objectRef, to: objectRef }),
  moveObject: z.strictObject({ ...cancellable, region, from: objectRef, to: objectRef }),
  moveFolder: z.strictObject({ operationId, region, container: containerName, from: folderPrefix, to: folderPrefix }),
  createFolder: z.strictObject({ ...cancellable, region, container: containerName, prefix: folderPrefix }),
  deleteObject: z.strictObject(oneObject),
  bulkDelete: z.strictObject({
    ...cancellable,
    region,
    items: z
      .array(z.strictObject({ container: containerName, name: name.optional() }))
      .min(1)
      .max(100_000),
  }),
  /** Makes `name` in `container` a link to `target`; refused when the name is taken. The answer is the link. */
  createSymlink: z.strictObject({ ...cancellable, region, container: containerName, name, target: objectRef }),
} as const;

export interface Responses {
  listObjects: ListingColumns; // columns, not rows: listing-columns.ts says why
  headObject: ObjectInfo;
  previewObject: ObjectPreview;
  copyObject: true;
  /** The object under its new name. */
  moveObject: ObjectInfo;
  moveFolder: MoveFolderResult;
  createFolder: true;
  deleteObject: true;
  bulkDelete: BulkDeleteResult;
  /** The link as Swift now holds it. */
  createSymlink: ObjectInfo;
}
