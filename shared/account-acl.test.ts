import { describe, expect, it } from 'vitest';
import { ACCOUNT_ACL_MAX, accountAclProblems, accountAclText, parseAccountAcl, type AccountGrant } from './account-acl';

describe('account ACLs as rows', () => {
  it('writes the JSON as format_acl(version=2) does: keys sorted, no spaces, empty levels left out', () => {
    const grants: AccountGrant[] = [
      { who: 'test2:tester2', level: 'read-write' },
      { who: ' AUTH_ops ', level: 'admin' },
      { who: 'test2', level: 'read-write' },
    ];
    expect(accountAclText(grants)).toBe('{"admin":["AUTH_ops"],"read-write":["test2:tester2","test2"]}');
    expect(accountAclText([])).toBe('');
  });

  it('escapes what is not ASCII as Python’s json.dumps(ensure_ascii=True) does (as Swift 2.30 returned it)', () => {
    expect(accountAclText([{ who: 'café:x', level: 'read-only' }])).toBe('{"read-only":["caf\\u00e9:x"]}');
    expect(accountAclText([{ who: 'a\u{1f600}', level: 'read-only' }])).toBe('{"read-only":["a\\ud83d\\ude00"]}');
  });

  it('reads what Swift returns, every level, and back to the same text', () => {
    const text = '{"admin":[],"read-only":["caf\\u00e9:x","test"],"read-write":["test2:tester2"]}';
    const parsed = parseAccountAcl(text);
    expect(parsed).toEqual({
      grants: [
        { who: 'café:x', level: 'read-only' },
        { who: 'test', level: 'read-only' },
        { who: 'test2:tester2', level: 'read-write' },
      ],
    });
    expect('grants' in parsed && accountAclText(parsed.grants)).toBe(
      '{"read-only":["caf\\u00e9:x","test"],"read-write":["test2:tester2"]}',
    );
    expect(parseAccountAcl('')).toEqual({ grants: [] });
    expect(parseAccountAcl('{}')).toEqual({ grants: [] });
  });

  it('refuses what tempauth refuses, in words (its own: Syntax error, Key not recognized, must be a list, strings)', () => {
    expect(parseAccountAcl('{read')).toEqual({ problem: expect.stringContaining('not JSON') });
    expect(parseAccountAcl('["a"]')).toEqual({ problem: expect.stringContaining('JSON object of lists') });
    expect(parseAccountAcl('{"readonly":["x"]}')).toEqual({
      problem: '“readonly” is not a level of access: Swift knows read-only, read-write, admin.',
    });
    expect(parseAccountAcl('{"read-only":"x"}')).toEqual({ problem: 'The value of “read-only” must be a list.' });
    expect(parseAccountAcl('{"admin":[1]}')).toEqual({ problem: 'Every entry of “admin” must be text.' });
  });

  it('says what is wrong with a row that could match no one', () => {
    const problems = (who: string) => accountAclProblems([{ who, level: 'read-only' }]);
    expect(problems('test2:tester2')).toEqual([]);
    expect(problems('  ')[0]).toContain('Enter who');
    expect(problems('a,b')[0]).toContain('holds a comma');
    expect(problems('a b')[0]).toContain('space or a control character');
    expect(problems('a\u0007')[0]).toContain('space or a control character');
  });

  it('refuses one identity twice, whatever the levels', () => {
    expect(
      accountAclProblems([
        { who: 'test2', level: 'read-only' },
        { who: 'test2 ', level: 'admin' },
      ]),
    ).toEqual(['“test2” is listed twice: give each one a single level.']);
  });

  it('refuses a list longer than Swift’s account server reads in one header line', () => {
    const fits = [{ who: 'a'.repeat(ACCOUNT_ACL_MAX - '{"read-only":[""]}'.length), level: 'read-only' as const }];
    expect(accountAclText(fits)).toHaveLength(ACCOUNT_ACL_MAX);
    expect(accountAclProblems(fits)).toEqual([]);
    const over = [{ who: `${fits[0]!.who}a`, level: 'read-only' as const }];
    expect(accountAclProblems(over)).toEqual([
      'The list takes 8,151 characters; Swift reads at most 8,150 in one header.',
    ]);
  });
});
