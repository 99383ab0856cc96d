/** The IPC request that makes a symlink: an object that points at another object of the account. */
import { z } from 'zod';
import { cancellable, containerName, name, objectRef, region } from './contract-fields';

export const linkRequests = {
  /** Makes `name` in `container` a link to `target`; refused when the name is taken. The answer is the link. */
  createSymlink: z.strictObject({ ...cancellable, region, container: containerName, name, target: objectRef }),
} as const;
