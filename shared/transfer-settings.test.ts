import { describe, expect, it } from 'vitest';
import { parseSize } from './quotas';
import { DEFAULT_TRANSFER_SETTINGS, readSettingsText, settingsText, sizeFieldText } from './transfer-settings';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

describe('the transfer settings as text', () => {
  it('shows a size in the largest binary unit that holds it exactly, which parseSize reads back', () => {
    for (const [bytes, text] of [
      [GiB, '1 GiB'],
      [5 * GiB, '5 GiB'],
      [256 * MiB, '256 MiB'],
      [1536 * MiB, '1536 MiB'],
      [MiB + 1024, '1025 KiB'],
      [MiB + 1, '1048577'],
    ] as const) {
      expect(sizeFieldText(bytes)).toBe(text);
      expect(parseSize(text)).toBe(bytes);
    }
  });

  it('reads what settingsText wrote back to the same settings', () => {
    expect(readSettingsText(settingsText(DEFAULT_TRANSFER_SETTINGS))).toEqual({
      problems: { segmentThreshold: '', segmentSize: '', streams: '', filesAtOnce: '', editLimit: '' },
      // The sizes and counts; the bandwidth limits have fields of their own (bandwidth.ts).
      settings: { segmentThreshold: GiB, segmentSize: 256 * MiB, streams: 4, filesAtOnce: 10, editLimit: 256 * MiB },
    });
    expect(
      readSettingsText({
        segmentThreshold: '1 MiB',
        segmentSize: '1.5 GiB',
        streams: ' 2 ',
        filesAtOnce: '32 ',
        editLimit: '1 GiB',
      }).settings,
    ).toEqual({
      segmentThreshold: MiB,
      segmentSize: 1.5 * GiB,
      streams: 2,
      filesAtOnce: 32,
      editLimit: GiB,
    });
  });

  it('names each field’s problem in words, and gives no settings while there is one', () => {
    const read = readSettingsText({
      segmentThreshold: 'big',
      segmentSize: '512 KiB',
      streams: '17',
      filesAtOnce: '33',
      editLimit: '6 GiB',
    });
    expect(read.settings).toBeUndefined();
    expect(read.problems).toEqual({
      segmentThreshold: 'Enter the segment threshold as a size such as 256 MiB, 1 GiB or 1048576.',
      segmentSize: 'The segment size must be between 1 MiB and 5 GiB.',
      streams: 'Enter the number of streams as a whole number from 1 to 16.',
      filesAtOnce: 'Enter the number of files at once as a whole number from 1 to 32.',
      editLimit: 'The edit size limit must be between 1 MiB and 5 GiB.',
    });
    expect(
      readSettingsText({
        segmentThreshold: '6 GiB',
        segmentSize: '',
        streams: '2.5',
        filesAtOnce: 'ten',
        editLimit: 'x',
      }).problems,
    ).toEqual({
      segmentThreshold: 'The segment threshold must be between 1 MiB and 5 GiB.',
      segmentSize: 'Enter the segment size as a size such as 256 MiB, 1 GiB or 1048576.',
      streams: 'Enter the number of streams as a whole number from 1 to 16.',
      filesAtOnce: 'Enter the number of files at once as a whole number from 1 to 32.',
      editLimit: 'Enter the edit size limit as a size such as 256 MiB, 1 GiB or 1048576.',
    });
    const zero = readSettingsText({
      segmentThreshold: '1 GiB',
      segmentSize: '1 GiB',
      streams: '0',
      filesAtOnce: '0',
      editLimit: '256 MiB',
    });
    expect(zero.problems.streams).not.toBe('');
    expect(zero.problems.filesAtOnce).not.toBe('');
    expect(zero.settings).toBeUndefined();
  });
});
