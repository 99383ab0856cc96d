import { describe, expect, it } from 'vitest';
import { SWIFT_DEFAULT_LIMITS as limits } from './limits';
import { byteLength, containerNameProblems, metadataProblems, objectNameProblems } from './validation';

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
