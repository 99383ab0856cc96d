import type { EventName, EventPayloads, Operation, ParsedRequest, Response } from '../../shared/contract';
import { StorageError } from '../storage/errors';
import { StorageSession, type Authenticate } from '../storage/session';
import type { ActivityLog } from '../activity/activity-log';
import type { DifferenceFiles } from '../storage/sync';
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
  /** The window these handlers answer, by its webContents id. */
  windowId: number;
  /** What this window's page last offered to drag to another window (its latest drag only). */
  dragOffer: DragOffer | undefined;
  /**
   * A drag offer of any of the app's windows by its id, with that window's state (a drop copies with
   * its session, which never leaves main); undefined when no open window made it.
   */
  findDragOffer(dragId: string): { offer: DragOffer; from: MainState } | undefined;
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
  /** This window's comparisons whose differences its page has not read to the end yet. */
  differences: DifferenceFiles;
}

/** Objects a window's page is dragging out of its grid, kept in main: the drop names only the id. */
export interface DragOffer {
  dragId: string;
  source: { region: string; container: string };
  items: { name: string; bytes: number }[];
  /** The session the drag began in: a window signed in again since holds other objects under these names. */
  session: StorageSession;
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
