import { OPERATIONS, requestSchemas, type Operation } from '../../shared/contract';
import { fail, ok, type Result } from '../../shared/errors';
import { toAppError } from '../storage/errors';
import type { Authenticate } from '../storage/session';
import os from 'node:os';
import path from 'node:path';
import { headlessDeps, type MainDeps } from './deps';
import { describeIssues } from './describe-issues';
import { implementations } from './implementations';
import type { Emit, MainState } from './main-state';
import { PathGrants } from './path-grants';
import { RunningOperations } from './running-operations';
import { TransferJournal } from '../transfers/transfer-journal';
import { TransferSlots } from '../transfers/transfer-slots';
import { DEFAULT_TRANSFER_SETTINGS } from '../../shared/transfer-settings';
import { ActivityLog } from '../activity/activity-log';
import { observeRequests } from '../storage/request-observer';

export type Handler = (request: unknown) => Promise<Result<unknown>>;
export type Handlers = Record<Operation, Handler>;

/**
 * Operations whose `operationId` is not "cancel me by this id": `cancel`, pausing and discarding
 * name another; transfers track their own.
 */
const TRACK_THEMSELVES: ReadonlySet<Operation> = new Set([
  'cancel',
  'pauseTransfer',
  'discardTransfer',
  'uploadFile',
  'downloadObject',
  'extractArchive',
  'verifyObject',
  'resumeTransfer',
]);

/**
 * Every operation as a function of an untrusted argument: validated against
 * the contract's schema, run, and answered as a Result, never thrown.
 */
export function createHandlers(
  opts: {
    authenticate?: Authenticate;
    emit?: Emit;
    deps?: MainDeps;
    running?: RunningOperations;
    activity?: ActivityLog;
  } = {},
): Handlers {
  const deps = opts.deps ?? headlessDeps(path.join(os.tmpdir(), `cirrus-headless-${process.pid}`));
  const state: MainState = {
    session: undefined,
    // Given by the host, which pauses every transfer when the app closes.
    running: opts.running ?? new RunningOperations(),
    emit: opts.emit ?? (() => undefined),
    authenticate: opts.authenticate,
    deps,
    grants: new PathGrants(),
    journal: new TransferJournal(deps.userDataDir),
    // Set from the saved settings as each transfer starts (operations/transfers.ts).
    slots: new TransferSlots(DEFAULT_TRANSFER_SETTINGS.filesAtOnce),
    activity: opts.activity ?? new ActivityLog(),
  };
  // The process's requests are the latest handlers' to show: one window, one log (a test host's next launch takes it over).
  observeRequests(state.activity.record);
  const impl = implementations();
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
        const run = impl[operation] as (request: unknown, state: MainState, signal?: AbortSignal) => Promise<unknown>;
        const { operationId } = parsed.data as { operationId?: string };
        // Any call the renderer gave an id can be cancelled by it; transfers register theirs themselves.
        if (operationId === undefined || TRACK_THEMSELVES.has(operation)) return ok(await run(parsed.data, state));
        return ok(await state.running.run(operationId, (signal) => run(parsed.data, state, signal)));
      } catch (err) {
        return fail(toAppError(err));
      }
    };
  }
  return handlers;
}
