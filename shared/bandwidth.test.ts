import { describe, expect, it } from 'vitest';
import { bandwidthText, inWindow, limitAt, parseRate, rateFieldText, rateText, readBandwidthText } from './bandwidth';

const KiB = 1024;
const MiB = 1024 ** 2;
const at = (h: number, m = 0) => h * 60 + m;

describe('the limit window', () => {
  it('with no window, always holds', () => {
    expect(inWindow({ limitFrom: null, limitTo: null }, at(3))).toBe(true);
  });

  it('holds from its start (included) to its end (excluded) within a day', () => {
    const day = { limitFrom: '09:00', limitTo: '17:30' };
    expect([at(8, 59), at(9), at(17, 29), at(17, 30)].map((m) => inWindow(day, m))).toEqual([false, true, true, false]);
  });

  it('wraps past midnight when it ends earlier than it starts', () => {
    const night = { limitFrom: '22:00', limitTo: '06:00' };
    expect([at(21, 59), at(22), at(0), at(5, 59), at(6), at(12)].map((m) => inWindow(night, m))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('gives each direction its own limit, none outside the window', () => {
    const limits = { uploadLimit: MiB, downloadLimit: null, limitFrom: '22:00', limitTo: '06:00' };
    expect(limitAt(limits, 'upload', at(23))).toBe(MiB);
    expect(limitAt(limits, 'download', at(23))).toBeNull();
    expect(limitAt(limits, 'upload', at(12))).toBeNull();
  });
});

describe('a limit as text', () => {
  it('reads as the panel shows it', () => {
    expect(rateText(2 * MiB)).toBe('2 MiB/s');
    expect(rateText(1.5 * MiB)).toBe('1.5 MiB/s');
    expect(rateText(512 * KiB)).toBe('512 KiB/s');
  });

  it('round-trips through the dialog fields', () => {
    for (const rate of [16 * KiB, 500 * KiB, MiB, 2.5 * MiB, 10 * MiB]) {
      expect(parseRate(rateFieldText(rate))).toBe(rate);
    }
    expect(rateFieldText(null)).toEqual({ value: '', unit: 'MiB/s' });
    expect(parseRate({ value: ' ', unit: 'KiB/s' })).toBeNull();
    expect(parseRate({ value: 'fast', unit: 'KiB/s' })).toBeUndefined();
  });

  it('says what is wrong with each field, and reads the limits when nothing is', () => {
    const text = bandwidthText({ uploadLimit: null, downloadLimit: null, limitFrom: null, limitTo: null });
    expect(readBandwidthText(text).limits).toEqual({
      uploadLimit: null,
      downloadLimit: null,
      limitFrom: null,
      limitTo: null,
    });
    const bad = readBandwidthText({
      ...text,
      upload: { value: '8', unit: 'KiB/s' },
      download: { value: '2x', unit: 'MiB/s' },
      windowed: true,
      from: '07:00',
      to: '07:00',
    });
    expect(bad.limits).toBeUndefined();
    expect(bad.problems).toEqual({
      upload: 'The upload limit must be at least 16 KiB/s.',
      download: 'Enter the download limit as a number, such as 2 or 0.5, or leave it empty for no limit.',
      window: 'The two times must differ.',
    });
    const good = readBandwidthText({ ...text, upload: { value: '2', unit: 'MiB/s' }, windowed: true });
    expect(good.limits).toEqual({ uploadLimit: 2 * MiB, downloadLimit: null, limitFrom: '22:00', limitTo: '07:00' });
  });
});
