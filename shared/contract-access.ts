/** The IPC request that writes a container's read and write ACLs, checked grant by grant before anything is sent. */
import { z } from 'zod';
import { aclTextProblems, type AclKind } from './acl-grants';
import { cancellable, containerName, issues, region } from './contract-fields';

const acl = (kind: AclKind) =>
  z
    .string()
    .max(8192)
    .superRefine(issues((s: string) => aclTextProblems(s, kind).map((message) => ({ field: kind, message }))));

export const accessRequests = {
  /** Replaces X-Container-Read and X-Container-Write ('' removes one); the answer is the container. */
  setContainerAcls: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    read: acl('read'),
    write: acl('write'),
  }),
} as const;
