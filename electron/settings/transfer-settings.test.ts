import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { transferSettingsSchema } from '../../shared/contract/settings';
import { DEFAULT_TRANSFER_SETTINGS } from '../../shared/transfer-settings';
import { TRANSFER_SETTINGS_FILE, TransferSettingsStore } from './transfer-settings';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const KiB = 1024;
const mine = {
  segmentThreshold: 8 * MiB,
  segmentSize: 2 * MiB,
  streams: 3,
  filesAtOnce: 4,
  editLimit: 64 * MiB,
  uploadLimit: 2 * MiB,
  downloadLimit: 512 * KiB,
  limitFrom: '22:00',
  limitTo: '07:00',
};

let dir: string;
const file = () => path.join(dir, TRANSFER_SETTINGS_FILE);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-transfer-settings-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the transfer settings schema', () => {
  it('takes sizes from 1 MiB to 5 GiB, 1 to 16 streams and 1 to 32 files at once', () => {
    expect(transferSettingsSchema.safeParse(DEFAULT_TRANSFER_SETTINGS).success).toBe(true);
    const edges = [
      { ...mine, segmentThreshold: MiB, segmentSize: MiB, streams: 1, filesAtOnce: 1, uploadLimit: 16 * KiB },
      {
        ...mine,
        segmentThreshold: 5 * GiB,
        segmentSize: 5 * GiB,
        streams: 16,
        filesAtOnce: 32,
        downloadLimit: 10 * GiB,
      },
      { ...mine, uploadLimit: null, downloadLimit: null, limitFrom: null, limitTo: null },
    ];
    for (const s of edges) expect(transferSettingsSchema.parse(s)).toEqual(s);
  });

  it.each([
    ['a threshold below 1 MiB', { segmentThreshold: MiB - 1 }, 'at least 1 MiB'],
    ['a segment above 5 GiB', { segmentSize: 5 * GiB + 1 }, 'at most 5 GiB'],
    ['a fraction of a byte', { segmentSize: 1.5 * MiB + 0.5 }, 'whole number of bytes'],
    ['no streams', { streams: 0 }, 'At least 1 stream'],
    ['17 streams', { streams: 17 }, 'At most 16 streams'],
    ['streams as text', { streams: '4' }, 'number'],
    ['no files at once', { filesAtOnce: 0 }, 'At least 1 file at once'],
    ['33 files at once', { filesAtOnce: 33 }, 'At most 32 files at once'],
    ['half a file at once', { filesAtOnce: 2.5 }, 'whole number'],
    ['settings without files at once', { filesAtOnce: undefined }, 'filesAtOnce'],
    ['a field it does not know', { bufferSize: 4 }, 'bufferSize'],
    ['an upload limit below 16 KiB/s', { uploadLimit: 16 * KiB - 1 }, 'upload limit must be at least 16 KiB/s'],
    ['a download limit above 10 GiB/s', { downloadLimit: 10 * GiB + 1 }, 'download limit must be at most 10 GiB/s'],
    ['a limit of a fraction of a byte', { uploadLimit: 20000.5 }, 'whole number of bytes per second'],
    ['a limit as text', { uploadLimit: '2 MiB/s' }, 'number'],
    ['settings without an upload limit', { uploadLimit: undefined }, 'uploadLimit'],
    ['a time that is none', { limitFrom: '24:00', limitTo: '07:00' }, 'time of day such as 22:00'],
    ['a window with one end', { limitFrom: '22:00', limitTo: null }, 'both times of day'],
    ['a window of no time', { limitFrom: '07:00', limitTo: '07:00' }, 'must differ'],
  ])('refuses %s', (_label, bad, message) => {
    const parsed = transferSettingsSchema.safeParse({ ...DEFAULT_TRANSFER_SETTINGS, ...bad });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain(message);
  });
});

describe('TransferSettingsStore', () => {
  it('gives the defaults when there is no file, and writes none', async () => {
    expect(await new TransferSettingsStore(dir).get()).toEqual(DEFAULT_TRANSFER_SETTINGS);
    expect(fs.existsSync(file())).toBe(false);
  });

  it('gives the defaults for a damaged file, and for a file of another version', async () => {
    fs.writeFileSync(file(), '{"version":1,"segmentThres');
    expect(await new TransferSettingsStore(dir).get()).toEqual(DEFAULT_TRANSFER_SETTINGS);
    fs.writeFileSync(file(), JSON.stringify({ version: 2, ...mine }));
    expect(await new TransferSettingsStore(dir).get()).toEqual(DEFAULT_TRANSFER_SETTINGS);
    fs.writeFileSync(file(), 'null');
    expect(await new TransferSettingsStore(dir).get()).toEqual(DEFAULT_TRANSFER_SETTINGS);
  });

  it('keeps the good fields of a hand-edited file and the default for a bad one', async () => {
    fs.writeFileSync(file(), JSON.stringify({ version: 1, ...mine, streams: 99 }));
    expect(await new TransferSettingsStore(dir).get()).toEqual({ ...mine, streams: DEFAULT_TRANSFER_SETTINGS.streams });
  });

  it('gives a file saved before "files at once" existed the default for it, and keeps its other three', async () => {
    const { filesAtOnce: _added, ...older } = mine;
    fs.writeFileSync(file(), JSON.stringify({ version: 1, ...older }));
    expect(await new TransferSettingsStore(dir).get()).toEqual({
      ...mine,
      filesAtOnce: DEFAULT_TRANSFER_SETTINGS.filesAtOnce,
    });
  });

  it('gives a file saved before the bandwidth limits existed no limit, and keeps the rest', async () => {
    const older = { segmentThreshold: 8 * MiB, segmentSize: 2 * MiB, streams: 3, filesAtOnce: 4 };
    fs.writeFileSync(file(), JSON.stringify({ version: 1, ...older }));
    expect(await new TransferSettingsStore(dir).get()).toEqual({
      ...older,
      editLimit: DEFAULT_TRANSFER_SETTINGS.editLimit,
      uploadLimit: null,
      downloadLimit: null,
      limitFrom: null,
      limitTo: null,
    });
  });

  it('gives a file saved before the edit size limit existed the default one, and keeps the rest', async () => {
    const { editLimit: _added, ...older } = mine;
    fs.writeFileSync(file(), JSON.stringify({ version: 1, ...older }));
    expect(await new TransferSettingsStore(dir).get()).toEqual({ ...mine, editLimit: 256 * MiB });
  });

  it('drops half a window from a hand-edited file, so the limit holds at all hours', async () => {
    fs.writeFileSync(file(), JSON.stringify({ version: 1, ...mine, limitTo: '25:00', uploadLimit: 10 }));
    expect(await new TransferSettingsStore(dir).get()).toEqual({
      ...mine,
      uploadLimit: null,
      limitFrom: null,
      limitTo: null,
    });
  });

  it('saves, and a new store over the same folder (the next launch) reads back what was saved', async () => {
    const store = new TransferSettingsStore(dir);
    expect(await store.save(mine)).toEqual(mine);
    expect(await store.get()).toEqual(mine);
    expect(JSON.parse(fs.readFileSync(file(), 'utf8'))).toEqual({ version: 1, ...mine });
    expect(await new TransferSettingsStore(dir).get()).toEqual(mine);
  });

  it('replaces the file by a rename: a new file every save, no temporary file left', async () => {
    const store = new TransferSettingsStore(dir);
    await store.save(mine);
    const first = fs.statSync(file()).ino;
    await store.save({ ...mine, streams: 5 });
    // Written in place, the file would keep its inode; renamed over, it is a new file.
    expect(fs.statSync(file()).ino).not.toBe(first);
    expect(fs.readdirSync(dir)).toEqual([TRANSFER_SETTINGS_FILE]);
  });

  it('leaves the old settings whole when a save fails before the rename', async () => {
    const store = new TransferSettingsStore(dir);
    await store.save(mine);
    const before = fs.readFileSync(file(), 'utf8');
    vi.spyOn(fsp, 'rename').mockRejectedValueOnce(Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    await expect(store.save({ ...mine, streams: 9 })).rejects.toMatchObject({
      code: 'unexpected',
      message: expect.stringContaining('could not save its transfer settings'),
    });
    expect(fs.readFileSync(file(), 'utf8')).toBe(before);
    expect(fs.readdirSync(dir)).toEqual([TRANSFER_SETTINGS_FILE]);
    // What failed to save is not what uploads use.
    expect(await store.get()).toEqual(mine);
  });

  it('runs saves one at a time: the last one asked is the one kept', async () => {
    const store = new TransferSettingsStore(dir);
    await Promise.all([1, 2, 3, 4, 5].map((streams) => store.save({ ...mine, streams })));
    expect(await store.get()).toEqual({ ...mine, streams: 5 });
    expect(await new TransferSettingsStore(dir).get()).toEqual({ ...mine, streams: 5 });
  });
});
