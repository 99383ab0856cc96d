import { describe, expect, it } from 'vitest';
import { headerValueProblems } from './object-headers';

describe('editable object headers', () => {
  it('takes ordinary values, and empty ones (removal) for all but Content-Type', () => {
    expect(headerValueProblems('content-disposition', 'attachment; filename="r.txt"')).toEqual([]);
    expect(headerValueProblems('cache-control', 'max-age=60, public')).toEqual([]);
    expect(headerValueProblems('cache-control', '')).toEqual([]);
    expect(headerValueProblems('content-type', 'text/plain; charset=utf-8')).toEqual([]);
    expect(headerValueProblems('content-type', '')[0]).toContain('Every object has a Content-Type');
  });

  it('refuses what HTTP would not carry as typed', () => {
    expect(headerValueProblems('content-language', 'français')[0]).toContain('printable ASCII');
    expect(headerValueProblems('content-encoding', 'gzip\r\nX-Evil: 1')[0]).toContain('printable ASCII');
    expect(headerValueProblems('cache-control', ' no-store')[0]).toContain('space');
    expect(headerValueProblems('cache-control', 'x'.repeat(1025))[0]).toContain('longer than 1024');
  });
});
