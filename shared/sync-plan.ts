/**
 * The plan a sync shows before anything moves: for each difference of a
 * comparison, what the chosen direction does with it and why. Pure, so the
 * page builds it as the person changes the direction, and tests read it.
 */
import { remoteTime, sameTime, type SyncEntry } from './sync';

/**
 * upload: this computer → Swift; download: Swift → this computer; a mirror
 * makes the target like the source (its extras deleted only when asked);
 * both: each side gets the other's new files, and the newer of two versions wins.
 */
export type SyncDirection = 'upload' | 'download' | 'mirrorUp' | 'mirrorDown' | 'both';
export type ActionKind = 'upload' | 'download' | 'deleteRemote' | 'deleteLocal' | 'conflict';

export interface PlanAction {
  /** The path inside the chosen folder (the entry's name). */
  name: string;
  kind: ActionKind;
  reason: string;
  /** Bytes it moves (0 for a deletion or a conflict). */
  bytes: number;
  entry: SyncEntry;
}

export const DIRECTIONS: readonly { value: SyncDirection; label: string }[] = [
  { value: 'upload', label: 'Upload: this computer → Swift' },
  { value: 'download', label: 'Download: Swift → this computer' },
  { value: 'mirrorUp', label: 'Mirror this computer in Swift' },
  { value: 'mirrorDown', label: 'Mirror Swift on this computer' },
  { value: 'both', label: 'Both ways: the newer wins' },
];

const WHY_TEXT = { size: 'sizes differ', content: 'content differs', time: 'same content, times differ' } as const;

const why = (e: SyncEntry): string => (e.why ? WHY_TEXT[e.why] : 'different');

function upload(e: SyncEntry, reason: string): PlanAction {
  return { name: e.name, kind: 'upload', reason, bytes: e.local?.bytes ?? 0, entry: e };
}
function download(e: SyncEntry, reason: string): PlanAction {
  return { name: e.name, kind: 'download', reason, bytes: e.remote?.bytes ?? 0, entry: e };
}
const act = (e: SyncEntry, kind: ActionKind, reason: string): PlanAction => ({
  name: e.name,
  kind,
  reason,
  bytes: 0,
  entry: e,
});

/** Which side of a name both hold is newer, by the file's mtime against the object's recorded one (else its Last-Modified). */
function newer(e: SyncEntry): 'local' | 'remote' | 'neither' {
  if (!e.local || !e.remote) return 'neither';
  const there = remoteTime(e.remote);
  if (sameTime(e.local.mtime, there)) return 'neither';
  return e.local.mtime > there ? 'local' : 'remote';
}

/**
 * The actions of `direction` for the entries, in their order. Nothing is
 * deleted unless `alsoDelete`, and then only by a mirror. Both ways: a name on
 * one side only is copied across; of two versions the newer wins, unless both
 * changed since the last sync (`lastSync`, seconds) or neither is newer, which
 * is a conflict the person decides.
 */
export function planActions(
  entries: readonly SyncEntry[],
  direction: SyncDirection,
  alsoDelete: boolean,
  lastSync?: number,
): PlanAction[] {
  const up = direction === 'upload' || direction === 'mirrorUp';
  const down = direction === 'download' || direction === 'mirrorDown';
  const out: PlanAction[] = [];
  for (const e of entries) {
    if (e.kind === 'onlyLocal') {
      if (up || direction === 'both') out.push(upload(e, 'only on this computer'));
      else if (direction === 'mirrorDown' && alsoDelete)
        out.push(act(e, 'deleteLocal', 'not in Swift: deleted from this computer'));
    } else if (e.kind === 'onlyRemote') {
      if (down || direction === 'both') out.push(download(e, 'only in Swift'));
      else if (direction === 'mirrorUp' && alsoDelete)
        out.push(act(e, 'deleteRemote', 'not on this computer: deleted from Swift'));
    } else if (up) out.push(upload(e, `${why(e)}: this computer's replaces Swift's`));
    else if (down) out.push(download(e, `${why(e)}: Swift's replaces this computer's`));
    else {
      const side = newer(e);
      const bothChanged =
        lastSync !== undefined &&
        e.local !== undefined &&
        e.remote !== undefined &&
        e.local.mtime > lastSync &&
        remoteTime(e.remote) > lastSync;
      if (bothChanged)
        out.push(act(e, 'conflict', `${why(e)}, changed on both sides since the last sync: not decided`));
      else if (side === 'local') out.push(upload(e, `${why(e)}: newer on this computer`));
      else if (side === 'remote') out.push(download(e, `${why(e)}: newer in Swift`));
      else out.push(act(e, 'conflict', `${why(e)}, and neither is newer: not decided`));
    }
  }
  return out;
}

/** Whether a direction can delete (and so shows "also delete"). */
export const canDelete = (direction: SyncDirection): boolean => direction === 'mirrorUp' || direction === 'mirrorDown';
