import type { EventName, EventPayloads, Operation, ParsedRequest, Response } from '../../shared/contract';
import { StorageError } from '../storage/errors';
import { StorageSession, type Authenticate } from '../storage/session';
import type { ActivityLog } from '../activity/activity-log';
import type { MainDeps } from './deps';
import type { PathGrants } from './path-grants';
import type { RunningOperations } from './running-operations';
import type { TransferJournal } from '../transfers/transfer-journal';
import type { TransferSlots } from '../transfers/transfer-slots';

/** Sends an event to the renderer (main.ts: the window's webContents; tests: a recorder). */
export type Emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

/**
 * What the main process keeps between calls, for one window: each window signs in on its own
 * (handlers.ts's windowState); the deps, journal, slots and activity log are the app's, shared.
 */
export interface MainState {
  /** This window's signed-in session; it alone holds the credentials and the token. */
  session: StorageSession | undefined;
  /** The window these handlers answer, by its webContents id (what the page puts in a drag between windows). */
  windowId: number;
  /** Another window's signed-in session, by its id (a copy between windows reads with it); never leaves main. */
  sessionOfWindow(windowId: number): StorageSession | undefined;
  running: RunningOperations;
  emit: Emit;
  authenticate: Authenticate | undefined;
  deps: MainDeps;
  /** The local paths the renderer may name: what the dialogs answered and what was dropped. */
  grants: PathGrants;
  /** Uploads and downloads that may need to go on later, kept in the app's data folder. */
  journal: TransferJournal;
  /** How many uploads and downloads run at once (the transfer settings' "Files at once"). */
  slots: TransferSlots;
  /** The requests this process made (every storage and identity call), for the Activity pane. */
  activity: ActivityLog;
}

/**
 * `signal` aborts when the renderer cancels the call by the `operationId` it
 * gave (handlers.ts runs such calls under `state.running`); undefined without one.
 */
export type Implementations = {
  [O in Operation]: (
    request: ParsedRequest<O>,
    state: MainState,
    signal: AbortSignal | undefined,
  ) => Promise<Response<O>>;
};

/** The implementations of some operations; each feature file exports one. */
export type Ops<K extends Operation> = Pick<Implementations, K>;

export function requireSession(state: MainState): StorageSession {
  if (!state.session) throw new StorageError('not_signed_in', 'You are not signed in. Sign in to continue.');
  return state.session;
}

/** Replaces the signed-in session; whatever the old one was doing stops. */
export async function openSession(
  state: MainState,
  credentials: Parameters<typeof StorageSession.open>[0],
  signal?: AbortSignal,
) {
  const session = await StorageSession.open(credentials, state.authenticate, signal);
  // Transfers stop as if paused: they resume once their own account is signed in again.
  state.running.pauseAll();
  state.session = session;
  return session.info();
}
