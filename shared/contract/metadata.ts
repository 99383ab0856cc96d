/**
 * The IPC requests of metadata: changing the metadata of an account, container
 * or object (every key not named stays), an object's expiry, and its
 * browser-facing headers, each checked before anything is sent.
 */
import { z } from 'zod';
import type { ObjectInfo } from '../domain';
import { isEmptyChange } from '../metadata-change';
import { cancellable, containerName, deleteAt, issues, keys, metadata, metadataTarget, name, region } from './fields';
import { EDITABLE_HEADERS, headerValueProblems, type EditableHeader } from '../object-headers';

const headerValue = (header: EditableHeader) =>
  z
    .string()
    .max(2048)
    .superRefine(issues((v: string) => headerValueProblems(header, v).map((message) => ({ field: header, message }))))
    .optional();

const headers = z
  .strictObject(
    Object.fromEntries(EDITABLE_HEADERS.map((h) => [h, headerValue(h)])) as {
      [H in EditableHeader]: ReturnType<typeof headerValue>;
    },
  )
  .refine((h) => Object.values(h).some((v) => v !== undefined), 'there is no header to change');

export const requests = {
  /** Sets and removes metadata keys of one target in one request; every other key stays. */
  changeMetadata: z
    .strictObject({ ...cancellable, region, target: metadataTarget, set: metadata.optional(), remove: keys.optional() })
    .refine((r) => !isEmptyChange(r), 'there is nothing to set or remove'),
  /** Sets when Swift deletes an object (`X-Delete-At`), or with null that it never does; its metadata stays. */
  setObjectExpiry: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    name,
    deleteAt: deleteAt.nullable(),
  }),
  /** Sets headers ('' removes one); metadata, expiry and the other headers stay. The answer is the object. */
  setObjectHeaders: z.strictObject({ ...cancellable, region, container: containerName, name, headers }),
} as const;

export interface Responses {
  /** The object as it now stands (metadata written, new Last-Modified); null for an account or container. */
  changeMetadata: ObjectInfo | null;
  /** The object as it now stands. */
  setObjectExpiry: ObjectInfo;
  setObjectHeaders: ObjectInfo;
}
