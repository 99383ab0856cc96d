import type { z } from 'zod';
import { OPERATIONS, requestSchemas, type Operation, type ParsedRequest, type Response } from '../../shared/contract';
import { fail, ok, type Result } from '../../shared/errors';
import { getAccount, listContainers } from '../storage/account';
import { StorageError, toAppError } from '../storage/errors';
import { StorageSession, type Authenticate } from '../storage/session';

/** What the main process keeps between calls: the one signed-in session, if any. */
export interface MainState {
  session: StorageSession | undefined;
}

type Implementations = { [O in Operation]: (request: ParsedRequest<O>, state: MainState) => Promise<Response<O>> };

export type Handler = (request: unknown) => Promise<Result<unknown>>;
export type Handlers = Record<Operation, Handler>;

function requireSession(state: MainState): StorageSession {
  if (!state.session) throw new StorageError('not_signed_in', 'You are not signed in. Sign in to continue.');
  return state.session;
}

function implementations(authenticate: Authenticate | undefined): Implementations {
  return {
    async signIn(request, state) {
      const session = await StorageSession.open(request, authenticate);
      state.session = session;
      return session.info();
    },
    async signOut(_request, state) {
      state.session = undefined;
      return true;
    },
    async getSession(_request, state) {
      return state.session?.info() ?? null;
    },
    async getAccount(request, state) {
      return getAccount(requireSession(state), request.region);
    },
    async listContainers(request, state) {
      return listContainers(requireSession(state), request.region, request);
    },
  };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Every operation as a function of an untrusted argument: validated against
 * the contract's schema, run, and answered as a Result, never thrown.
 */
export function createHandlers(opts: { authenticate?: Authenticate } = {}): Handlers {
  const state: MainState = { session: undefined };
  const impl = implementations(opts.authenticate);
  const handlers = {} as Handlers;
  for (const operation of OPERATIONS) {
    handlers[operation] = async (request: unknown) => {
      const parsed = requestSchemas[operation].safeParse(request ?? {});
      if (!parsed.success) {
        return fail({
          code: 'invalid_input',
          message: `Invalid request for ${operation}: ${describeIssues(parsed.error)}.`,
        });
      }
      try {
        const run = impl[operation] as (request: unknown, state: MainState) => Promise<unknown>;
        return ok(await run(parsed.data, state));
      } catch (err) {
        return fail(toAppError(err));
      }
    };
  }
  return handlers;
}
