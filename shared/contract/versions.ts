/**
 * The IPC requests and answers of object versioning: switching a container's
 * mode, listing an object's versions, restoring or deleting one version.
 */
import { z } from 'zod';
import { cancellable, containerName, name, region } from './fields';
import type { Container } from '../domain';
import { VERSION_ID, type ObjectVersions, type VersioningChange } from '../versions';

export const versionId = z.string().regex(VERSION_ID, 'is not a version id as Swift writes them');

const versioningChange = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('current'), enabled: z.boolean() }),
  z.strictObject({ kind: z.literal('legacy'), mode: z.enum(['stack', 'history']), location: containerName }),
  z.strictObject({ kind: z.literal('legacyOff') }),
]) satisfies z.ZodType<VersioningChange>;

const oneVersion = { ...cancellable, region, container: containerName, name, versionId };

export const requests = {
  /** Turns X-Versions-Enabled on or off, or sets or clears a legacy location; the answer is the container. */
  setContainerVersioning: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    change: versioningChange,
  }),
  listObjectVersions: z.strictObject({ ...cancellable, region, container: containerName, name }),
  /** Makes the version the current one (every version stays). */
  restoreObjectVersion: z.strictObject(oneVersion),
  /** Deletes one version for good. */
  deleteObjectVersion: z.strictObject(oneVersion),
} as const;

export interface Responses {
  setContainerVersioning: Container;
  listObjectVersions: ObjectVersions;
  restoreObjectVersion: true;
  deleteObjectVersion: true;
}
