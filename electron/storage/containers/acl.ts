import type { ReadAcl } from '../../../shared/domain';

/** The X-Container-Read value that makes a container's objects and listing public. */
export const PUBLIC_READ_ACL = '.r:*,.rlistings';

/**
 * Parses Swift's container read ACL: comma-separated `.r:<referrer>` grants
 * (`.r:-<referrer>` denies), `.rlistings`, and `<account>[:<user>]` grants.
 */
export function parseReadAcl(value: string | null | undefined): ReadAcl {
  const acl: ReadAcl = { referrers: [], listings: false, accounts: [] };
  for (const raw of (value ?? '').split(',')) {
    const item = raw.trim();
    if (!item) continue;
    if (item === '.rlistings') acl.listings = true;
    else if (/^\.r(ef(errer)?)?:/i.test(item)) acl.referrers.push(item.slice(item.indexOf(':') + 1).trim());
    else acl.accounts.push(item);
  }
  return acl;
}

/** Anyone may read the objects when some referrer grant is `*` (and not denied). */
export function isAnybodyRead(acl: ReadAcl): boolean {
  return acl.referrers.includes('*');
}
