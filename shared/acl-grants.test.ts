import { describe, expect, it } from 'vitest';
import { aclProblems, aclText, aclTextProblems, parseAcl } from './acl-grants';

describe('container ACLs as grants', () => {
  it('reads referrers (allowed and denied), listing and users, in order, and writes the same text back', () => {
    const text = '.r:*,.r:-.bad.example,.rlistings,AUTH_test:tester,project:*';
    expect(parseAcl(text)).toEqual([
      { kind: 'referrer', host: '*', deny: false },
      { kind: 'referrer', host: '.bad.example', deny: true },
      { kind: 'listings' },
      { kind: 'user', who: 'AUTH_test:tester' },
      { kind: 'user', who: 'project:*' },
    ]);
    expect(aclText(parseAcl(text))).toBe(text);
  });

  it('takes Swift’s other spellings of a referrer, and spaces around commas', () => {
    expect(aclText(parseAcl(' .ref:example.com , .referrer:other.org,,'))).toBe('.r:example.com,.r:other.org');
  });

  it('accepts what Swift accepts', () => {
    expect(aclTextProblems('.r:*,.rlistings,.r:.example.com,AUTH_a,AUTH_a:u,*:u', 'read')).toEqual([]);
    expect(aclTextProblems('AUTH_a:u,AUTH_b', 'write')).toEqual([]);
  });

  it('refuses what Swift refuses, or would read as something else, saying why', () => {
    expect(aclTextProblems('.r:*', 'write')).toEqual([
      'A write ACL names accounts or users only: referrers and listing belong to reading.',
    ]);
    expect(aclTextProblems('.rlistings', 'write')).toHaveLength(1);
    expect(aclProblems([{ kind: 'referrer', host: '', deny: false }], 'read')).toEqual([
      'Enter a host (example.com), a domain (.example.com) or * for anyone.',
    ]);
    expect(aclProblems([{ kind: 'referrer', host: 'http://x.org/', deny: false }], 'read')[0]).toContain(
      'not a host name',
    );
    expect(aclProblems([{ kind: 'user', who: 'a:b:c' }], 'read')[0]).toContain('second colon');
    expect(aclProblems([{ kind: 'user', who: 'a b' }], 'read')[0]).toContain('no spaces');
    expect(aclProblems([{ kind: 'user', who: '.admin' }], 'read')[0]).toContain('starts with a dot');
    expect(aclProblems([{ kind: 'user', who: '' }], 'write')[0]).toContain('Enter an account');
    expect(aclProblems([{ kind: 'referrer', host: '*', deny: true }], 'read')[0]).toContain('Denying *');
    expect(aclTextProblems('AUTH_a,AUTH_a', 'write')).toEqual(['“AUTH_a” is listed twice.']);
  });
});
