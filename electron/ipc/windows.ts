/**
 * The app's windows, each answered by its own handlers: its own session (so two windows can be
 * signed in to two accounts, or one account in two regions), its own running operations and its
 * own granted paths, by the id of the webContents that sends its calls. Keyed by that id because
 * it is what Electron tells about every IPC message's sender (trusted-sender.ts), so a call can
 * only ever reach the state of the window that sent it. What is truly the app's (settings,
 * profiles, the transfer journal, the activity log) stays one, in AppState.
 */
import type { StorageSession } from '../storage/session';
import { handlersOf, windowState, type AppState, type Handlers } from './handlers';
import type { Emit, MainState } from './main-state';
import { RunningOperations } from './running-operations';

interface AppWindow {
  state: MainState;
  handlers: Handlers;
}

export class AppWindows {
  readonly #app: AppState;
  readonly #windows = new Map<number, AppWindow>();

  constructor(app: AppState) {
    this.#app = app;
  }

  /** A new window's state, signed out; its calls are answered from now on. */
  open(windowId: number, emit: Emit, running = new RunningOperations()): MainState {
    const state = windowState(this.#app, { windowId, emit, running }, () => this.states());
    this.#windows.set(windowId, { state, handlers: handlersOf(state) });
    return state;
  }

  /** Whether the id is one of the app's open windows (the sender check asks this). */
  has(windowId: number): boolean {
    return this.#windows.has(windowId);
  }

  handlersOf(windowId: number): Handlers | undefined {
    return this.#windows.get(windowId)?.handlers;
  }

  stateOf(windowId: number): MainState | undefined {
    return this.#windows.get(windowId)?.state;
  }

  sessionOf(windowId: number): StorageSession | undefined {
    return this.#windows.get(windowId)?.state.session;
  }

  states(): MainState[] {
    return [...this.#windows.values()].map((window) => window.state);
  }

  /**
   * A window closed: it signs out (its credentials and token are dropped from memory) and what it
   * ran stops. Transfers stop as if paused, as when the app quits: the journal keeps them, to be
   * resumed by a window signed in to their account. Its id answers nothing any more.
   */
  close(windowId: number): void {
    const window = this.#windows.get(windowId);
    if (!window) return;
    this.#windows.delete(windowId);
    window.state.running.pauseAll();
    window.state.session = undefined;
    window.state.dragOffer = undefined;
    void window.state.differences.discardAll();
  }
}
