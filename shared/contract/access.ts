/**
 * The IPC requests of access lists: a container's read and write ACLs (and
 * public read, the common case of them), and the
 * account's ACL (read with whether the person may see it, and written as
 * rows), each checked grant by grant before anything is sent.
 */
import { z } from 'zod';
import { ACCOUNT_LEVELS, accountAclProblems, type AccountGrant } from '../account-acl';
import { aclTextProblems, type AclKind } from '../acl-grants';
import type { AccountAccess } from '../account-acl';
import type { Container } from '../domain';
import { cancellable, containerName, issues, region } from './fields';

const acl = (kind: AclKind) =>
  z
    .string()
    .max(8192)
    .superRefine(issues((s: string) => aclTextProblems(s, kind).map((message) => ({ field: kind, message }))));

export const requests = {
  /** Adds or removes the public-read grant (`.r:*,.rlistings`), keeping the container's other grants. */
  setPublicRead: z.strictObject({ ...cancellable, region, container: containerName, on: z.boolean() }),
  /** Replaces X-Container-Read and X-Container-Write ('' removes one); the answer is the container. */
  setContainerAcls: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    read: acl('read'),
    write: acl('write'),
  }),
  /** The account's ACL, or that Swift does not show it to this person (or keeps none). */
  getAccountAccess: z.strictObject({ ...cancellable, region }),
  /** Replaces the account's X-Account-Access-Control (no grants removes it); the answer is the list as Swift now holds it. */
  setAccountAccess: z.strictObject({
    ...cancellable,
    region,
    grants: z
      .array(z.strictObject({ who: z.string().max(1024), level: z.enum(ACCOUNT_LEVELS) }))
      .max(1000)
      .superRefine(
        issues((grants: AccountGrant[]) => accountAclProblems(grants).map((message) => ({ field: 'grants', message }))),
      ),
  }),
} as const;

export interface Responses {
  setPublicRead: Container;
  setContainerAcls: Container;
  getAccountAccess: AccountAccess;
  setAccountAccess: AccountAccess;
}
