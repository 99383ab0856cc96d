// When an upload or download may start: the "Files at once" setting bounds
// how many run together (transfer-slots.ts); the renderer hears that one waits.
import type { Turn } from '../transfers/stopped';
import type { MainState } from './main-state';
import { transferSettingsOf } from './settings-store';

/** The turn of the transfer `operationId`, under the limit saved now (a later save also reaches those waiting). */
export async function turnFor(state: MainState, operationId: string, signal: AbortSignal): Promise<Turn> {
  state.slots.limit = (await transferSettingsOf(state).get()).filesAtOnce;
  const waits = () => state.emit('progress', { operationId, loaded: 0, total: undefined, queued: true });
  return (work) => state.slots.run(signal, work, waits);
}
