import { describe, expect, it } from 'vitest';
import { codeOf, hasHiddenCharacters, middleCut, nameParts, visibleName } from './untrustedText';

describe('nameParts', () => {
  it('keeps an ordinary name whole', () => {
    expect(nameParts('photos/2024/a.jpg')).toEqual([{ kind: 'text', text: 'photos/2024/a.jpg' }]);
    expect(nameParts('')).toEqual([]);
  });

  it('leaves markup-looking names as plain text', () => {
    const name = '<img src=x onerror=alert(1)>';
    expect(nameParts(name)).toEqual([{ kind: 'text', text: name }]);
    expect(hasHiddenCharacters(name)).toBe(false);
  });

  it('singles out a right-to-left override so it cannot reorder what follows', () => {
    const parts = nameParts('\u202Egnp.exe');
    expect(parts).toEqual([
      { kind: 'hidden', char: '\u202E', code: 'U+202E' },
      { kind: 'text', text: 'gnp.exe' },
    ]);
    expect(parts.map((p) => (p.kind === 'text' ? p.text : p.char)).join('')).toBe('\u202Egnp.exe');
  });

  it('finds controls, zero-width characters and isolates anywhere', () => {
    const name = 'a\u0000b\u200Bc\u2067d\uFEFF';
    expect(
      nameParts(name)
        .filter((p) => p.kind === 'hidden')
        .map((p) => (p.kind === 'hidden' ? p.code : '')),
    ).toEqual(['U+0000', 'U+200B', 'U+2067', 'U+FEFF']);
  });

  it('leaves ordinary right-to-left script alone', () => {
    expect(nameParts('שלום.txt')).toEqual([{ kind: 'text', text: 'שלום.txt' }]);
  });
});

describe('visibleName', () => {
  it('spells out hidden characters', () => {
    expect(visibleName('\u202Egnp.exe')).toBe('⟨U+202E⟩gnp.exe');
    expect(visibleName('plain')).toBe('plain');
  });

  it('names code points with four hex digits at least', () => {
    expect(codeOf('\u0007')).toBe('U+0007');
    expect(codeOf('😀')).toBe('U+1F600');
  });
});

describe('middleCut', () => {
  it('leaves a short name whole', () => {
    expect(middleCut('README.txt')).toBeUndefined();
    expect(middleCut('a'.repeat(24))).toBeUndefined();
  });

  it('keeps the last twelve code points of a long name together, and the whole name in the two parts', () => {
    const name = 'quarterly-report-final-2024-v2.pdf';
    const cut = middleCut(name)!;
    expect(cut.tail).toBe('-2024-v2.pdf');
    expect(cut.head + cut.tail).toBe(name);
  });

  it('never splits a surrogate pair', () => {
    const name = `${'x'.repeat(20)}${'😀'.repeat(12)}`;
    const cut = middleCut(name)!;
    expect(cut.tail).toBe('😀'.repeat(12));
    expect(cut.head).toBe('x'.repeat(20));
  });
});
