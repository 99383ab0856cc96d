import { fail, type Result } from '../../shared/errors';
import { OPERATIONS, channelOf, type Operation } from '../../shared/operations';
import type { Handlers } from './handlers';
import type { Caller } from './trusted-sender';

export interface Dispatcher {
  /** Every channel a host must register (one per operation of the contract). */
  readonly channels: readonly string[];
  /** Checks the caller, finds the operation and runs its handler; always answers a Result. */
  dispatch(channel: string, caller: Caller, request: unknown): Promise<Result<unknown>>;
}

const FORBIDDEN = fail({ code: 'forbidden', message: 'This caller may not use Cirrus.' });

/**
 * The one path from an IPC message to a handler, shared by main.ts
 * (`ipcMain.handle`) and the Chromium test host (a Playwright binding), so
 * the sender check the journeys go through is the one the app runs.
 */
export function createDispatcher(
  handlers: Handlers | ((webContentsId: number) => Handlers | undefined),
  isTrusted: (caller: Caller) => boolean,
): Dispatcher {
  // A host with several windows answers each from its own handlers (windows.ts), found by the sender.
  const handlersOf = typeof handlers === 'function' ? handlers : () => handlers;
  const byChannel = new Map<string, Operation>(OPERATIONS.map((operation) => [channelOf(operation), operation]));
  return {
    channels: [...byChannel.keys()],
    async dispatch(channel, caller, request) {
      const operation = byChannel.get(channel);
      // An unknown channel gets the same answer as an untrusted caller: nothing to probe.
      if (operation === undefined || !isTrusted(caller)) return FORBIDDEN;
      const own = handlersOf(caller.webContentsId);
      return own ? own[operation](request) : FORBIDDEN;
    },
  };
}
