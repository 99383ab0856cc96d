/** What the transfers panel says about a transfer: pure, so it is tested on its own. */
import { formatBytes, formatCount } from '../ui/format';
import type { RegionCopyResult } from '../../../shared/region-diff';
import type { Transfer } from './types';

/** Whole percent sent, or undefined while the size is unknown. */
export function percentOf(transfer: Pick<Transfer, 'loaded' | 'total' | 'state'>): number | undefined {
  if (transfer.state === 'done') return 100;
  if (!transfer.total) return transfer.total === 0 ? 100 : undefined;
  return Math.min(100, Math.floor((transfer.loaded / transfer.total) * 100));
}

/** "Uploading 45%", "Done", "Failed: …", "Cancelled", "Skipped: …". */
export function stateText(
  transfer: Pick<
    Transfer,
    | 'request'
    | 'loaded'
    | 'total'
    | 'state'
    | 'error'
    | 'rate'
    | 'regionCopy'
    | 'resumable'
    | 'interrupted'
    | 'queued'
    | 'skipped'
  >,
): string {
  switch (transfer.state) {
    case 'paused': {
      const percent = percentOf(transfer);
      const where = [
        percent === undefined ? undefined : `at ${percent}%`,
        ...flowText({ ...transfer, rate: undefined }),
      ]
        .filter(Boolean)
        .join(' · ');
      const why = transfer.interrupted ? 'Stopped when Cirrus closed' : 'Paused';
      return where ? `${why} ${where}` : why;
    }
    case 'done':
      return transfer.regionCopy ? regionCopyText(transfer.regionCopy) : 'Done';
    case 'cancelled':
      // Swift unpacks members as they arrive, and each is a whole object: those already written stay.
      if (transfer.request.kind === 'empty') return 'Cancelled: objects already deleted stay deleted';
      return transfer.request.kind === 'extract'
        ? 'Cancelled: files already unpacked stay in the container'
        : 'Cancelled';
    case 'skipped':
      return `Skipped: ${transfer.skipped ?? 'it cannot be saved here'}`;
    case 'failed': {
      const failed = `Failed: ${transfer.error?.message ?? 'something went wrong'}`;
      // What reached Swift (or the partial file) is kept: say so, and how much.
      return transfer.resumable && transfer.loaded > 0 ? `${failed} · ${formatBytes(transfer.loaded)} kept` : failed;
    }
    case 'running': {
      if (transfer.request.kind === 'empty') {
        // Progress counts objects here, not bytes.
        const of = transfer.total === undefined ? '' : ` of ${formatCount(transfer.total)}`;
        return `Deleting objects: ${formatCount(transfer.loaded)}${of}`;
      }
      const kind = transfer.request.kind;
      if (transfer.queued) return 'Queued: waiting for another transfer to finish';
      const verb = kind === 'download' ? 'Downloading' : kind === 'regionCopy' ? 'Copying' : 'Uploading';
      const percent = percentOf(transfer);
      if (percent === undefined) return `${verb} ${formatBytes(transfer.loaded)}`;
      // Swift unpacks as the archive arrives and answers once it has written the last member.
      if (transfer.request.kind === 'extract' && percent === 100) return 'Unpacking…';
      return [`${verb} ${percent}%`, ...flowText(transfer)].join(' · ');
    }
  }
}

/** "3 s left", "2 min left", "1 h 5 min left". */
export function formatTimeLeft(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} s left`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} min left`;
  const hours = Math.floor(seconds / 3600);
  return `${hours} h ${Math.ceil((seconds - hours * 3600) / 60)} min left`;
}

/** Bytes done of the total, the speed and the time left, as far as they are known. */
export function flowText(transfer: Pick<Transfer, 'loaded' | 'total' | 'rate'>): string[] {
  const parts: string[] = [];
  if (transfer.total !== undefined) parts.push(`${formatBytes(transfer.loaded)} of ${formatBytes(transfer.total)}`);
  if (transfer.rate !== undefined && transfer.rate > 0) {
    parts.push(`${formatBytes(transfer.rate)}/s`);
    if (transfer.total !== undefined) parts.push(formatTimeLeft((transfer.total - transfer.loaded) / transfer.rate));
  }
  return parts;
}

/** All running byte transfers together (emptying counts objects, so it stays out). */
export function overallText(transfers: readonly Transfer[]): string | undefined {
  const running = transfers.filter((t) => t.state === 'running' && t.request.kind !== 'empty');
  if (running.length < 2 || running.some((t) => t.total === undefined)) return undefined;
  const sum = (f: (t: Transfer) => number) => running.reduce((n, t) => n + f(t), 0);
  const total = sum((t) => t.total ?? 0);
  const overall = { loaded: sum((t) => t.loaded), total, rate: sum((t) => t.rate ?? 0) || undefined };
  const percent = total > 0 ? Math.floor((overall.loaded / total) * 100) : 100;
  return [`Overall ${percent}%`, ...flowText(overall)].join(' · ');
}

/** "Done: 3 copied, 1 already the same, 1 failed (gone.txt: …)". */
export function regionCopyText(result: RegionCopyResult): string {
  const parts = [`${formatCount(result.copied.length)} copied`];
  if (result.skipped.length) parts.push(`${formatCount(result.skipped.length)} already the same`);
  if (result.failed.length) {
    const first = result.failed[0]!;
    parts.push(`${formatCount(result.failed.length)} failed (${first.message}${result.failed.length > 1 ? ' …' : ''})`);
  }
  return `Done: ${parts.join(', ')}`;
}
