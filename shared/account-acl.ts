/**
 * Account ACLs (`X-Account-Access-Control`): Swift's version-2 ACL, a JSON
 * object of three lists, as tempauth defines it
 * (swift/common/middleware/tempauth.py, `extract_acl_and_report_errors`):
 * `{"admin":[…],"read-only":[…],"read-write":[…]}`. A person edits it as
 * rows of who and what level; it goes back as `format_acl(version=2)` writes
 * it (keys sorted, no spaces, ASCII only), with empty lists left out.
 */

/** The levels, least to most. */
export const ACCOUNT_LEVELS = ['read-only', 'read-write', 'admin'] as const;
export type AccountLevel = (typeof ACCOUNT_LEVELS)[number];

export interface AccountGrant {
  /** A tempauth group: `account:user` (one user), `account` (its every user) or `AUTH_account` (its admins). */
  who: string;
  level: AccountLevel;
}

/**
 * What the signed-in person may know of the account's ACL. Swift returns the
 * header to the account's owner only (a `swift_owner`: tempauth strips it for
 * anyone else), and only where the auth system keeps account ACLs at all.
 */
export type AccountAccess =
  /** Swift showed the list (or the owner has granted nothing: then `grants` is empty). */
  | { kind: 'owner'; grants: AccountGrant[] }
  /** The person reached the account through someone's grant: Swift does not show them the list. */
  | { kind: 'not-owner' }
  /** The region's /info names no auth system that keeps account ACLs (keystoneauth does not). */
  | { kind: 'unsupported' };

export const LEVEL_LABELS: Record<AccountLevel, string> = {
  'read-only': 'Read only',
  'read-write': 'Read and write',
  admin: 'Admin',
};

/** What each level lets someone do, as tempauth's `authorize` grants it. */
export const LEVEL_MEANINGS: Record<AccountLevel, string> = {
  'read-only':
    'Lists the containers and objects and reads objects and their metadata (never the ACLs or temporary URL keys); changes nothing.',
  'read-write':
    'Also creates, replaces and deletes containers and objects and edits their metadata, but cannot change the account itself or who has access.',
  admin: 'Does anything the account’s owner can, including changing the account’s metadata and this list.',
};

/**
 * The most characters the header's value may have, measured on Swift 2.30: tempauth passes it on to the
 * account server as `X-Account-Sysmeta-Core-Access-Control`, whose header lines (CRLF included) must stay
 * under 8,192 bytes (`max_header_size`). 8,150 was stored; 8,151 got a 400 with no sentence.
 */
export const ACCOUNT_ACL_MAX = 8192 - 1 - 'X-Account-Sysmeta-Core-Access-Control: \r\n'.length;

const isLevel = (key: string): key is AccountLevel => (ACCOUNT_LEVELS as readonly string[]).includes(key);

/**
 * The grants of the header's value, checked as tempauth checks it before it
 * stores one: a JSON object whose keys are the three levels and whose values
 * are lists of strings ('' is no ACL). Otherwise the problem, in words.
 */
export function parseAccountAcl(text: string): { grants: AccountGrant[] } | { problem: string } {
  if (text.trim() === '') return { grants: [] };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: 'The account ACL is not JSON: Swift expects {"read-only":["account:user"], …}.' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { problem: 'The account ACL must be a JSON object of lists: {"read-only":["account:user"], …}.' };
  }
  const grants: AccountGrant[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (!isLevel(key))
      return { problem: `“${key}” is not a level of access: Swift knows ${ACCOUNT_LEVELS.join(', ')}.` };
    if (!Array.isArray(value)) return { problem: `The value of “${key}” must be a list.` };
    for (const who of value as unknown[]) {
      if (typeof who !== 'string') return { problem: `Every entry of “${key}” must be text.` };
      grants.push({ who, level: key });
    }
  }
  return { grants };
}

/** Python's json.dumps(ensure_ascii=True) escapes every character outside ASCII; JSON.stringify escapes none. */
const asciiOnly = (json: string): string =>
  json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The header's value for these grants, as Swift's `format_acl(version=2)` writes it; '' when there are none. */
export function accountAclText(grants: readonly AccountGrant[]): string {
  const lists = new Map<AccountLevel, string[]>();
  for (const g of grants) lists.set(g.level, [...(lists.get(g.level) ?? []), g.who.trim()]);
  if (lists.size === 0) return '';
  const sorted = [...lists.keys()].sort(); // sort_keys=True
  return asciiOnly(JSON.stringify(Object.fromEntries(sorted.map((level) => [level, lists.get(level)]))));
}

/**
 * What is wrong with one row, in words; [] when it can name someone. Swift
 * stores any text, but tempauth matches a grant against the requesting
 * user's groups, which it keeps as one comma-separated list of names without
 * spaces: a grant with a comma, a space or a control character matches no one.
 */
export function accountGrantProblems(who: string): string[] {
  const name = who.trim();
  if (name === '') return ['Enter who: account:user for one user, account for all its users, or AUTH_account.'];
  if (name.includes(',')) {
    return [`“${name}” holds a comma, and Swift splits a user’s groups at commas: use one row per user.`];
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\s\u0000-\u001f\u007f]/.test(name)) return [`“${name}” holds a space or a control character: no user has one.`];
  return [];
}

/** The problems of the rows as a list, apart from each row's own: one identity twice, a list too long for one header. */
export function accountListProblems(grants: readonly AccountGrant[]): string[] {
  const problems: string[] = [];
  const names = grants.map((g) => g.who.trim()).filter((n) => n !== '');
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) problems.push(`“${twice}” is listed twice: give each one a single level.`);
  const length = accountAclText(grants).length;
  if (length > ACCOUNT_ACL_MAX) {
    problems.push(
      `The list takes ${length.toLocaleString('en-US')} characters; Swift reads at most ${ACCOUNT_ACL_MAX.toLocaleString('en-US')} in one header.`,
    );
  }
  return problems;
}

/** Every problem of the rows: each row's, then the list's. */
export const accountAclProblems = (grants: readonly AccountGrant[]): string[] => [
  ...grants.flatMap((g) => accountGrantProblems(g.who)),
  ...accountListProblems(grants),
];
