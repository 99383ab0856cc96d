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
import { DifferenceFiles } from '../storage/sync';
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

/** What a host gives the handlers; everything is optional for tests. */
export interface HostOptions {
  authenticate?: Authenticate;
  emit?: Emit;
  deps?: MainDeps;
  running?: RunningOperations;
  activity?: ActivityLog;
}

/**
 * What every window of one host shares: the host's services (dialogs, secrets, the data folder),
 * the transfer journal (one file), the "Files at once" slots (one budget for the app) and the
 * activity log. A window's own part (its session, its running operations) is windowState's.
 */
export type AppState = Pick<MainState, 'authenticate' | 'deps' | 'journal' | 'slots' | 'activity'>;

export function createAppState(opts: HostOptions = {}): AppState {
  const deps = opts.deps ?? headlessDeps(path.join(os.tmpdir(), `cirrus-headless-${process.pid}`));
  const app: AppState = {
    authenticate: opts.authenticate,
    deps,
    journal: new TransferJournal(deps.userDataDir),
    // Set from the saved settings as each transfer starts (operations/transfers.ts).
    slots: new TransferSlots(DEFAULT_TRANSFER_SETTINGS.filesAtOnce),
    activity: opts.activity ?? new ActivityLog(),
  };
  // The process's requests are the latest host's to show: one log for all its windows (a test host's next launch takes it over).
  observeRequests(app.activity.record);
  return app;
}

/** One window's state over the app's shared part; `others` are the app's windows (windows.ts), itself among them. */
export function windowState(
  app: AppState,
  window: { windowId: number; emit: Emit; running: RunningOperations },
  others?: () => Iterable<MainState>,
): MainState {
  const state: MainState = {
    ...app,
    ...window,
    session: undefined,
    // Per window: a path one window's dialog handed out is its page's to name, not another's.
    grants: new PathGrants(),
    dragOffer: undefined,
    // Per window, as its page names a comparison by the id its own answer gave.
    differences: new DifferenceFiles(path.join(app.deps.userDataDir, 'sync', 'differences')),
    findDragOffer(dragId) {
      for (const from of others?.() ?? [state])
        if (from.dragOffer?.dragId === dragId) return { offer: from.dragOffer, from };
      return undefined;
    },
  };
  return state;
}

/**
 * Every operation as a function of an untrusted argument: validated against
 * the contract's schema, run, and answered as a Result, never thrown. One
 * window's: a host with one window (tests, the Chromium host's first page) uses this.
 */
export function createHandlers(opts: HostOptions = {}): Handlers {
  const state = windowState(createAppState(opts), {
    windowId: 1,
    emit: opts.emit ?? (() => undefined),
    // Given by the host, which pauses every transfer when the app closes.
    running: opts.running ?? new RunningOperations(),
  });
  return handlersOf(state);
}

/** The handlers answering one window, over its state. */
export function handlersOf(state: MainState): Handlers {
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
