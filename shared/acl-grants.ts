/**
 * Container ACLs (`X-Container-Read`, `X-Container-Write`) as grants a person
 * edits one per row, and back to the comma-separated text Swift stores.
 * The rules follow Swift's own `clean_acl`: referrers (`.r:`) and listing
 * (`.rlistings`) belong to the read ACL only; everything else names an
 * account or a user (`account`, `account:user`, Keystone's `project:user`,
 * with `*` for any).
 */

export type AclGrant =
  /** `.r:<host>` lets requests referred from that host read; `.r:-<host>` denies them; `*` is anyone. */
  | { kind: 'referrer'; host: string; deny: boolean }
  /** `.rlistings`: those who may read may also list the container. */
  | { kind: 'listings' }
  /** An account, `account:user`, `project:user` or `*:user`. */
  | { kind: 'user'; who: string };

export type AclKind = 'read' | 'write';

/** The grants of an ACL as Swift holds it; `.ref:` and `.referrer:` are Swift's spellings of `.r:`. */
export function parseAcl(value: string): AclGrant[] {
  const grants: AclGrant[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    if (item === '.rlistings') grants.push({ kind: 'listings' });
    else if (/^\.r(ef(errer)?)?:/i.test(item)) {
      const host = item.slice(item.indexOf(':') + 1).trim();
      grants.push(
        host.startsWith('-')
          ? { kind: 'referrer', host: host.slice(1), deny: true }
          : { kind: 'referrer', host, deny: false },
      );
    } else grants.push({ kind: 'user', who: item });
  }
  return grants;
}

export function aclText(grants: readonly AclGrant[]): string {
  return grants
    .map((g) =>
      g.kind === 'listings'
        ? '.rlistings'
        : g.kind === 'referrer'
          ? `.r:${g.deny ? '-' : ''}${g.host.trim()}`
          : g.who.trim(),
    )
    .join(',');
}

const HOST = /^(\*|\.?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*)$/;
const NAME_PART = /^[^\s,:]+$/;

/** What is wrong with one grant of a read or write ACL, in words; [] when Swift would take it. */
export function grantProblems(grant: AclGrant, acl: AclKind): string[] {
  if (grant.kind !== 'user' && acl === 'write') {
    return ['A write ACL names accounts or users only: referrers and listing belong to reading.'];
  }
  if (grant.kind === 'listings') return [];
  if (grant.kind === 'referrer') {
    const host = grant.host.trim();
    if (host === '') return ['Enter a host (example.com), a domain (.example.com) or * for anyone.'];
    if (!HOST.test(host)) return [`“${host}” is not a host name: use example.com, .example.com or *.`];
    if (grant.deny && host === '*') return ['Denying * would refuse every referrer; remove the grant instead.'];
    return [];
  }
  const who = grant.who.trim();
  if (who === '') return ['Enter an account (AUTH_…), a project ID, or account:user.'];
  const parts = who.split(':');
  if (parts.length > 2 || !parts.every((p) => NAME_PART.test(p))) {
    return [`“${who}” is not an account or account:user (no spaces, commas, or second colon).`];
  }
  if (who.startsWith('.')) return [`“${who}” starts with a dot, which Swift reserves for .r: and .rlistings.`];
  return [];
}

/** Every problem of an ACL's grants, and whether the same grant is listed twice. */
export function aclProblems(grants: readonly AclGrant[], acl: AclKind): string[] {
  const problems = grants.flatMap((g) => grantProblems(g, acl));
  const texts = grants.map((g) => aclText([g]));
  const twice = texts.filter((t, i) => texts.indexOf(t) !== i);
  if (twice.length > 0) problems.push(`“${twice[0]}” is listed twice.`);
  return problems;
}

/** The text of an ACL typed or sent as a whole, checked grant by grant. */
export const aclTextProblems = (value: string, acl: AclKind): string[] => aclProblems(parseAcl(value), acl);
