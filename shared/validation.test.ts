import { describe, expect, it } from 'vitest';
import { SWIFT_DEFAULT_LIMITS as limits } from './limits';
import {
  byteLength,
  containerNameProblems,
  containerNameShapeProblems,
  contentTypeProblems,
  MAX_METADATA_ENTRIES,
  metadataProblems,
  metadataShapeProblems,
  objectNameProblems,
  objectNameShapeProblems,
  removeKeyProblems,
  signInTextProblems,
  textProblems,
} from './validation';

const messages = (problems: { message: string }[]) => problems.map((p) => p.message);

describe('validation against the region limits', () => {
  it('counts UTF-8 bytes as Swift does', () => {
    expect([byteLength('a'), byteLength('é'), byteLength('☁'), byteLength('😀')]).toEqual([1, 2, 3, 4]);
  });

  it('container names: not empty, no "/", within the byte limit', () => {
    expect(containerNameProblems('photos', limits)).toEqual([]);
    expect(messages(containerNameProblems('', limits))).toEqual(['The container name cannot be empty.']);
    expect(messages(containerNameProblems('a/b', limits))).toEqual(['A container name cannot contain "/".']);
    expect(messages(containerNameProblems('é'.repeat(129), limits))).toEqual([
      'The container name is 258 bytes long; this region allows at most 256.',
    ]);
  });

  it('object names: slashes allowed, NUL and lone surrogates refused', () => {
    expect(objectNameProblems('a/b/c.txt', limits)).toEqual([]);
    expect(messages(objectNameProblems('a\0b', limits))).toEqual(['The object name cannot contain a NUL character.']);
    expect(messages(objectNameProblems('bad\uD800', limits))).toEqual(['The object name is not valid Unicode.']);
  });

  it('metadata: names the key and the limit for each problem', () => {
    expect(metadataProblems({ color: 'blue', 'Zürich-Note': 'x' }, limits).length).toBe(1);
    expect(messages(metadataProblems({ k: 'v'.repeat(257) }, limits))).toEqual([
      'The value of "k" is 257 bytes long; the limit is 256.',
    ]);
    expect(messages(metadataProblems({ ['k'.repeat(129)]: 'v' }, limits))[0]).toMatch(
      /is 129 bytes long; the limit is 128/,
    );
    expect(messages(metadataProblems({ has_underscore: 'v' }, limits))[0]).toMatch(/no spaces or "_"/);
    expect(messages(metadataProblems({ k: ' padded' }, limits))).toEqual([
      'The value of "k" starts or ends with white space, which HTTP would drop.',
    ]);
    expect(messages(metadataProblems({ Color: 'a', color: 'b' }, limits))).toEqual([
      'The keys "Color" and "color" are the same to Swift, which ignores case.',
    ]);
  });

  it('metadata: count and overall size of the whole set', () => {
    const many = Object.fromEntries(Array.from({ length: 91 }, (_, i) => [`k${i}`, 'v']));
    expect(messages(metadataProblems(many, limits))).toEqual(['91 metadata entries; this region allows at most 90.']);
    const big = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key${i}`, 'v'.repeat(250)]));
    expect(messages(metadataProblems(big, limits))[0]).toMatch(/adds up to \d+ bytes; this region allows at most 4096/);
  });
});

describe('rules no region relaxes (checked by the IPC schema and again before a path is built)', () => {
  it('container names: lone surrogates, NUL and "/" are refused', () => {
    expect(messages(containerNameShapeProblems('c/o'))).toEqual(['A container name cannot contain "/".']);
    expect(messages(containerNameShapeProblems('c\0'))).toEqual(['The container name cannot contain a NUL character.']);
    expect(messages(containerNameShapeProblems('\uDC00c'))).toEqual(['The container name is not valid Unicode.']);
    expect(messages(containerNameProblems('a\uD800/b', limits))).toEqual([
      'The container name is not valid Unicode.',
      'A container name cannot contain "/".',
    ]);
    expect(containerNameShapeProblems('photos 😀')).toEqual([]);
  });

  it('object names and URL text: a surrogate pair is fine, half of one is not', () => {
    expect(objectNameShapeProblems('a/😀/b')).toEqual([]);
    expect(messages(objectNameShapeProblems(''))).toEqual(['The object name cannot be empty.']);
    expect(messages(textProblems('x\uD83D', 'prefix'))).toEqual(['The prefix is not valid Unicode.']);
    expect(messages(textProblems('\0', 'marker'))).toEqual(['The marker cannot contain a NUL character.']);
  });

  it('keys to remove must be header names', () => {
    expect(removeKeyProblems(['color', 'x-y_z', "a!#$%&'*+.^`|~"])).toEqual([]);
    expect(removeKeyProblems(['a b', 'a\nb', 'é', '', 'k\uD800']).map((p) => p.field)).toEqual([
      'a b',
      'a\nb',
      'é',
      '',
      'k\uD800',
    ]);
  });

  it('metadata entries: header-name keys, values without control characters or lone surrogates', () => {
    expect(metadataShapeProblems('Color', 'blue ☁')).toEqual([]);
    expect(messages(metadataShapeProblems('a\uD800', 'v'))[0]).toMatch(/^The key "a\uD800" may use only/);
    expect(messages(metadataShapeProblems('k', 'a\r\nX-Injected: 1'))).toEqual([
      'The value of "k" contains a control character.',
    ]);
    expect(messages(metadataShapeProblems('k', '\uDFFF'))).toEqual(['The value of "k" is not valid Unicode.']);
  });

  it('content types: printable ASCII only', () => {
    expect(contentTypeProblems('text/plain; charset="utf-8"')).toEqual([]);
    for (const bad of ['text/plain\r\nX-Evil: 1', 'a\0b', 'text/\x7f', 'tëxt/plain'])
      expect(messages(contentTypeProblems(bad)), JSON.stringify(bad)).toEqual([
        'The content type may contain only printable ASCII characters.',
      ]);
  });

  it('metadata: beyond the entry cap, one problem, found in linear time', () => {
    const huge = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`bad key ${i}`, '\0']));
    const started = performance.now();
    const problems = metadataProblems(huge, limits);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(messages(problems)).toEqual(['20000 metadata entries; this region allows at most 90.']);
    expect(MAX_METADATA_ENTRIES).toBeGreaterThanOrEqual(limits.maxMetaCount);
  });
});

describe('sign-in text', () => {
  it('refuses control characters and lone surrogates, keeps ordinary names', () => {
    expect(signInTextProblems('alice@example.org')).toEqual([]);
    expect(signInTextProblems('Zoë Ünal')).toEqual([]);
    expect(signInTextProblems('alice\r\nX-Evil: 1')).toHaveLength(1);
    expect(signInTextProblems('bob\uD800')).toHaveLength(1);
  });
});
