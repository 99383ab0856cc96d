import { describe, expect, it } from 'vitest';
import { SWIFT_DEFAULT_LIMITS } from '../../../shared/limits';
import { FIRST_MEMBERS, LISTED_REJECTIONS, planObjects } from './names';
import type { ArchiveMember } from './read';

const limits = { ...SWIFT_DEFAULT_LIMITS, maxObjectNameLength: 40, maxFileSize: 1000 };
const member = (path: string, bytes = 1, validUtf8 = true): ArchiveMember => ({ path, bytes, validUtf8 });

describe('planObjects', () => {
  it('names objects "<prefix>/<member>" and adds up every file', () => {
    const plan = planObjects([member('a.txt', 3), member('docs/b.md', 4)], '/photos/2024/', limits);
    expect(plan).toEqual({
      memberCount: 2,
      totalBytes: 7,
      firstMembers: [
        { name: 'photos/2024/a.txt', bytes: 3 },
        { name: 'photos/2024/docs/b.md', bytes: 4 },
      ],
      rejected: [],
      rejectedCount: 0,
      acceptedNames: ['photos/2024/a.txt', 'photos/2024/docs/b.md'],
    });
  });

  it('refuses what Swift refuses, with the reason and the status it answers', () => {
    const plan = planObjects(
      [
        member('caf\uFFFD.txt', 1, false),
        member('x'.repeat(33)), // 40 bytes with "prefix/": just allowed
        member('big.bin', 1001),
        member(''),
        member('nul\0.txt'),
        member('ok.txt'),
      ],
      'prefix',
      limits,
    );
    expect(plan.rejected).toEqual([
      { name: 'prefix/caf\uFFFD.txt', reason: 'The name is not valid UTF-8 (Swift answers 412 Precondition Failed).' },
      {
        name: 'prefix/big.bin',
        reason: 'The file is 1001 bytes; this region stores at most 1000 bytes in one object (Swift answers 413).',
      },
      {
        name: 'prefix/nul\0.txt',
        reason: 'The name contains a NUL character (Swift answers 412 Precondition Failed).',
      },
    ]);
    expect(plan.rejectedCount).toBe(3);
    // An empty member name under a prefix names the object "prefix/", which Swift creates.
    expect(plan.acceptedNames).toEqual([`prefix/${'x'.repeat(33)}`, 'prefix/', 'prefix/ok.txt']);
    expect(plan.memberCount).toBe(6);
  });

  it('counts name lengths in UTF-8 bytes, after the prefix', () => {
    const name = 'é'.repeat(17); // 34 bytes, 17 characters
    expect(planObjects([member(name)], '', limits).rejectedCount).toBe(0);
    const plan = planObjects([member(name)], 'abcdef', limits);
    expect(plan.rejected).toEqual([
      {
        name: `abcdef/${name}`,
        reason: 'The object name is 41 bytes long; this region allows at most 40 (Swift answers 400 Bad Request).',
      },
    ]);
  });

  it('refuses an empty name at the container root', () => {
    expect(planObjects([member('')], '', limits).rejected).toEqual([
      { name: '', reason: 'The name is empty, so it cannot become an object.' },
    ]);
  });

  it('lists only the first members and rejections but counts them all, and each accepted name once', () => {
    const many = Array.from({ length: 200 }, (_, i) => member(i % 2 ? `ok/${i % 10}` : 'y'.repeat(50)));
    const plan = planObjects(many, '', limits);
    expect(plan.firstMembers).toHaveLength(FIRST_MEMBERS);
    expect(plan.rejected).toHaveLength(LISTED_REJECTIONS);
    expect(plan.rejectedCount).toBe(100);
    expect(plan.acceptedNames).toEqual(['ok/1', 'ok/3', 'ok/5', 'ok/7', 'ok/9']);
  });
});
