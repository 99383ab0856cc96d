import { describe, expect, it } from 'vitest';
import { versionFileName } from './versionFileName';

describe('the local name of a downloaded version', () => {
  it('goes beside the current file, with the version’s time before the extension', () => {
    expect(versionFileName('docs/report.pdf', '2026-11-25T14:09:04.236480')).toBe(
      'report (version 2026-11-25 14.09.04).pdf',
    );
  });

  it('has no extension to keep when the name has none, or only a leading dot', () => {
    expect(versionFileName('README', '2026-11-25T14:09:04.236480')).toBe('README (version 2026-11-25 14.09.04)');
    expect(versionFileName('.profile', '2026-11-25T14:09:04.236480')).toBe('.profile (version 2026-11-25 14.09.04)');
  });
});
