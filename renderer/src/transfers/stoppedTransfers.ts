/**
 * Transfers the main process keeps in its journal (stopped: paused, failed,
 * or cut off when the app closed) as rows of the transfers panel. Pure, so the
 * merge that runs at start-up and after each stop is tested on its own.
 */
import type { StoppedTransfer } from '../../../shared/contract/transfers';
import { ApiError } from '../api';
import { baseName } from '../ui/fileNames';
import { visibleName } from '../ui/untrustedText';
import type { Transfer } from './types';

/** The same label the row had when the transfer was started in this window. */
export function stoppedLabel({ request }: StoppedTransfer): string {
  if (request.kind === 'upload')
    return `${visibleName(baseName(request.filePath))} → ${visibleName(request.container)}`;
  return `${visibleName(request.fileName ?? baseName(request.name))} → ${visibleName(request.targetDir)}`;
}

export function transferFromStopped(stopped: StoppedTransfer): Transfer {
  return {
    id: stopped.id,
    request: stopped.request,
    label: stoppedLabel(stopped),
    state: stopped.state === 'failed' ? 'failed' : 'paused',
    resumable: true,
    ...(stopped.state === 'interrupted' ? { interrupted: true } : {}),
    loaded: stopped.done,
    total: stopped.total,
    error: stopped.error ? new ApiError(stopped.error) : undefined,
    extract: undefined,
    filePath: undefined,
  };
}

/**
 * What changes in the list once the main process has said which transfers it
 * can resume: rows it knows become resumable; rows this window never had (the
 * app was restarted) are added. A row running here is left as it is.
 */
export function mergeStopped(
  list: readonly Transfer[],
  stopped: readonly StoppedTransfer[],
): { add: Transfer[]; update: [id: string, patch: Partial<Transfer>][] } {
  const byId = new Map(list.map((t) => [t.id, t]));
  const add: Transfer[] = [];
  const update: [string, Partial<Transfer>][] = [];
  for (const s of stopped) {
    const known = byId.get(s.id);
    if (!known) add.push(transferFromStopped(s));
    // What is kept is whole segments (or the bytes on disk), not the progress the row last showed.
    else if (known.state === 'paused' || known.state === 'failed')
      update.push([s.id, { resumable: true, loaded: s.done }]);
  }
  return { add, update };
}
