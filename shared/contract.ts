/**
 * The IPC contract: one map from operation name to its request schema, and one
 * interface from operation name to its response type. The preload, the main
 * process handlers and the renderer's typed API are all derived from these.
 */
import { z } from 'zod';
import type { Account, ContainerPage, SessionInfo } from './domain';
import type { Result } from './errors';
import type { Operation } from './operations';

export { OPERATIONS, channelOf, type Operation } from './operations';

const regionName = z.string().min(1).max(255);
const urlString = z
  .string()
  .trim()
  .url()
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http or https URL');

export const LISTING_LIMIT_MAX = 10_000;

export const requestSchemas = {
  signIn: z.object({
    authUrl: urlString,
    userName: z.string().min(1).max(255),
    secret: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('password'), value: z.string().min(1).max(4096) }),
      z.object({ kind: z.literal('apiKey'), value: z.string().min(1).max(4096) }),
    ]),
    tenantName: z.string().max(255).optional(),
    tenantId: z.string().max(255).optional(),
  }),
  signOut: z.object({}),
  getSession: z.object({}),
  getAccount: z.object({ region: regionName }),
  listContainers: z.object({
    region: regionName,
    marker: z.string().max(1024).optional(),
    prefix: z.string().max(1024).optional(),
    limit: z.number().int().min(1).max(LISTING_LIMIT_MAX).optional(),
  }),
} as const satisfies Record<Operation, z.ZodType>; // `satisfies` keeps these keys exactly the operation list

export interface Responses {
  signIn: SessionInfo;
  signOut: true;
  getSession: SessionInfo | null;
  getAccount: Account;
  listContainers: ContainerPage;
}

export type Request<O extends Operation> = z.input<(typeof requestSchemas)[O]>;
export type ParsedRequest<O extends Operation> = z.output<(typeof requestSchemas)[O]>;
export type Response<O extends Operation> = Responses[O];

/** The API the preload exposes on `window.cirrus`: one function per operation. */
export type CirrusApi = {
  [O in Operation]: (request: Request<O>) => Promise<Result<Response<O>>>;
};
