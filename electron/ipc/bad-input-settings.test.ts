// Bad input to the settings requests is invalid_input and changes nothing; each case is also sent fixed, and
// that one is saved, so the bad field is the reason. No session is needed: settings belong to the app.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSFER_SETTINGS } from '../../shared/transfer-settings';
import { headlessDeps } from './deps';
import { createHandlers } from './handlers';

const MiB = 1024 ** 2;
const good = {
  segmentThreshold: 4 * MiB,
  segmentSize: 2 * MiB,
  streams: 2,
  filesAtOnce: 3,
  editLimit: 64 * MiB,
  uploadLimit: 2 * MiB,
  downloadLimit: null,
  limitFrom: '22:00',
  limitTo: '06:00',
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-bad-settings-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const cases: [label: string, bad: Record<string, unknown>][] = [
  ['a threshold below 1 MiB', { segmentThreshold: MiB - 1 }],
  ['a threshold above 5 GiB', { segmentThreshold: 5 * 1024 ** 3 + 1 }],
  ['a threshold as text', { segmentThreshold: '1 GiB' }],
  ['a negative segment size', { segmentSize: -MiB }],
  ['a segment size that is not a whole number', { segmentSize: 2.5 * MiB + 0.25 }],
  ['a segment size of Infinity', { segmentSize: Infinity }],
  ['no streams', { streams: 0 }],
  ['too many streams', { streams: 17 }],
  ['half a stream', { streams: 2.5 }],
  ['a missing field', { streams: undefined }],
  ['no files at once', { filesAtOnce: 0 }],
  ['too many files at once', { filesAtOnce: 33 }],
  ['files at once as text', { filesAtOnce: '4' }],
  ['without files at once', { filesAtOnce: undefined }],
  ['an edit size limit below 1 MiB', { editLimit: MiB - 1 }],
  ['an edit size limit as text', { editLimit: '256 MiB' }],
  ['without an edit size limit', { editLimit: undefined }],
  ['a field the contract does not know', { bufferSize: 64 }],
  ['an upload limit below 16 KiB/s', { uploadLimit: 1024 }],
  ['a download limit of no bytes', { downloadLimit: 0 }],
  ['a limit as text', { downloadLimit: '1 MiB/s' }],
  ['without a download limit', { downloadLimit: undefined }],
  ['a time of day that is none', { limitFrom: '7 pm' }],
  ['half a window', { limitTo: null }],
  ['a window of no time', { limitFrom: '06:00' }],
];

describe('bad input to the settings requests is invalid_input', () => {
  const handlers = createHandlers({ deps: headlessDeps(dir) });

  it.each(cases)('saveTransferSettings with %s', async (_label, bad) => {
    expect(await handlers.saveTransferSettings(good)).toEqual({ ok: true, value: good });
    expect(await handlers.saveTransferSettings({ ...good, ...bad })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('Invalid request for saveTransferSettings') },
    });
    // The refused request left the saved settings as they were.
    expect(await handlers.getTransferSettings({})).toEqual({ ok: true, value: good });
  });

  it('getTransferSettings takes no fields', async () => {
    expect(await handlers.getTransferSettings({ streams: 8 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await handlers.getTransferSettings(null)).toMatchObject({ ok: true });
  });

  it('a fresh data folder answers the defaults', async () => {
    const fresh = fs.mkdtempSync(path.join(dir, 'fresh-'));
    const value = await createHandlers({ deps: headlessDeps(fresh) }).getTransferSettings({});
    expect(value).toEqual({ ok: true, value: DEFAULT_TRANSFER_SETTINGS });
  });
});
