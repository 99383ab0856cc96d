import { describe, expect, it } from 'vitest';
import type { StoppedTransfer } from '../../../shared/contract/transfers';
import { mergeStopped, transferFromStopped } from './stoppedTransfers';
import { stateText } from './transferText';
import type { Transfer } from './types';

const upload: StoppedTransfer = {
  id: 't-1',
  request: { kind: 'upload', region: 'R', container: 'backups', name: 'big.bin', filePath: '/home/p/big.bin' },
  state: 'interrupted',
  done: 3 * 1024 ** 2,
  total: 12 * 1024 ** 2,
};
const download: StoppedTransfer = {
  id: 't-2',
  request: { kind: 'download', region: 'R', container: 'c', name: 'a/b.iso', targetDir: '/home/p/Downloads' },
  state: 'failed',
  done: 10,
  total: 100,
  error: { code: 'network', message: 'The connection was lost.' },
};

describe('stopped transfers as rows', () => {
  it('come back after a restart with their label, how far they got and why they stopped', () => {
    const row = transferFromStopped(upload);
    expect(row).toMatchObject({ label: 'big.bin → backups', state: 'paused', resumable: true, interrupted: true });
    expect(stateText(row)).toBe('Stopped when Cirrus closed at 25% · 3 MiB of 12 MiB');
    const failed = transferFromStopped(download);
    expect(failed.label).toBe('b.iso → /home/p/Downloads');
    expect(stateText(failed)).toBe('Failed: The connection was lost. · 10 B kept');
  });

  it('add only what the window does not show, and mark stopped rows it shows as resumable', () => {
    const running = { ...transferFromStopped(upload), state: 'running', resumable: false } as Transfer;
    const failedHere = { ...transferFromStopped(download), resumable: false, loaded: 55 } as Transfer;
    const { add, update } = mergeStopped([running, failedHere], [upload, download, { ...upload, id: 't-3' }]);
    expect(add.map((t) => t.id)).toEqual(['t-3']);
    expect(update).toEqual([['t-2', { resumable: true, loaded: 10 }]]);
  });
});
