/** What the transfers panel says about a transfer: pure, so it is tested on its own. */
import { formatBytes, formatCount } from '../format';
import type { Transfer } from './types';

/** Whole percent sent, or undefined while the size is unknown. */
export function percentOf(transfer: Pick<Transfer, 'loaded' | 'total' | 'state'>): number | undefined {
  if (transfer.state === 'done') return 100;
  if (!transfer.total) return transfer.total === 0 ? 100 : undefined;
  return Math.min(100, Math.floor((transfer.loaded / transfer.total) * 100));
}

/** "Uploading 45%", "Done", "Failed: …", "Cancelled". */
export function stateText(transfer: Pick<Transfer, 'request' | 'loaded' | 'total' | 'state' | 'error'>): string {
  switch (transfer.state) {
    case 'done':
      return 'Done';
    case 'cancelled':
      // Swift unpacks members as they arrive, and each is a whole object: those already written stay.
      if (transfer.request.kind === 'empty') return 'Cancelled: objects already deleted stay deleted';
      return transfer.request.kind === 'extract'
        ? 'Cancelled: files already unpacked stay in the container'
        : 'Cancelled';
    case 'failed':
      return `Failed: ${transfer.error?.message ?? 'something went wrong'}`;
    case 'running': {
      if (transfer.request.kind === 'empty') {
        // Progress counts objects here, not bytes.
        const of = transfer.total === undefined ? '' : ` of ${formatCount(transfer.total)}`;
        return `Deleting objects: ${formatCount(transfer.loaded)}${of}`;
      }
      const verb = transfer.request.kind === 'download' ? 'Downloading' : 'Uploading';
      const percent = percentOf(transfer);
      if (percent === undefined) return `${verb} ${formatBytes(transfer.loaded)}`;
      // Swift unpacks as the archive arrives and answers once it has written the last member.
      if (transfer.request.kind === 'extract' && percent === 100) return 'Unpacking…';
      return `${verb} ${percent}%`;
    }
  }
}
