/**
 * The IPC requests of temporary URLs: setting, generating and rotating the
 * signing keys of an account or a container, and asking the main process to
 * sign a link. The keys travel only towards the main process, and only as the
 * person typed them.
 */
import { z } from 'zod';
import { cancellable, containerName, deleteAt, issues, name, region, urlText } from './fields';
import type { TempUrl, TempUrlKeys } from '../domain';
import { ipRangeProblems, type TempUrlMethod } from '../temp-url';

/** Whose temporary URL keys: the account's or one container's. */
const tempUrlScope = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('account') }),
  z.strictObject({ kind: z.literal('container'), container: containerName }),
]);
const tempUrlSlot = z.union([z.literal(1), z.literal(2)]);
/** A key typed by the person (checked against the region's limits in the main process), one to generate, or none. */
const newTempUrlKey = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('typed'), value: z.string().min(1).max(4096) }),
  z.strictObject({ kind: z.literal('generated') }),
  z.strictObject({ kind: z.literal('none') }),
]);
/** What a link opens: one object, or every object whose name starts with a prefix ('' for the whole container). */
const linkTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('object'), name }),
  z.strictObject({ kind: z.literal('prefix'), prefix: urlText('prefix') }),
]);
const linkMethod = z.enum(['GET', 'PUT', 'HEAD'] as const satisfies readonly TempUrlMethod[]);
const linkDigest = z.enum(['sha1', 'sha256', 'sha512']);
const ipRange = z
  .string()
  .max(64)
  .superRefine(issues((s: string) => ipRangeProblems(s).map((message) => ({ field: 'ipRange', message }))));

export const requests = {
  /** Puts a typed or generated temporary URL key in one slot, or clears it; the answer shows the keys masked. */
  setTempUrlKey: z.strictObject({ ...cancellable, region, scope: tempUrlScope, slot: tempUrlSlot, key: newTempUrlKey }),
  /** A new generated key in the first slot, the one it replaces in the second. */
  rotateTempUrlKeys: z.strictObject({ ...cancellable, region, scope: tempUrlScope }),
  /** Signs a temporary URL in the main process, with the account's or the container's key. */
  makeTempUrl: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    target: linkTarget,
    method: linkMethod,
    /** Unix seconds, within the same bounds as an object's X-Delete-At; the main process checks it against its clock. */
    expiresAt: deleteAt,
    ipRange: ipRange.optional(),
    digest: linkDigest,
    keyScope: z.enum(['account', 'container']),
  }),
} as const;

export interface Responses {
  setTempUrlKey: TempUrlKeys;
  rotateTempUrlKeys: TempUrlKeys;
  makeTempUrl: TempUrl;
}
