/**
 * The IPC requests of the session: signing in (the only request that carries
 * a secret towards the main process), signing out, what the renderer may know
 * of the session, and cancelling any call of it by the id it was given.
 */
import { z } from 'zod';
import type { SessionInfo } from '../domain';
import { cancellable, connectionFields, operationId, secret } from './fields';

export const requests = {
  signIn: z.strictObject({ ...cancellable, ...connectionFields, secret }),
  signOut: z.strictObject({}),
  getSession: z.strictObject({}),
  cancel: z.strictObject({ operationId }),
} as const;

export interface Responses {
  signIn: SessionInfo;
  signOut: true;
  getSession: SessionInfo | null;
  /** True when an operation with that id was running and is now cancelled. */
  cancel: boolean;
}
