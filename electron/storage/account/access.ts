/**
 * The account's ACL (`X-Account-Access-Control`, shared/account-acl.ts) in
 * the main process: read, with whether the person may see it at all, and
 * written as one header.
 */
import {
  accountAclProblems,
  accountAclText,
  parseAccountAcl,
  type AccountAccess,
  type AccountGrant,
} from '../../../shared/account-acl';
import { StorageError } from '../errors';
import { decodeHeaderValue } from '../headers';
import { errorFromResponse, isSuccess } from '../http';
import { getLimits } from '../info';
import { errorDetail, statusAndId } from '../response-parts';
import type { StorageSession } from '../session';

const HEADER = 'x-account-access-control';

/**
 * Who else has access to the account. Swift adds the header to an account
 * HEAD for its owner only, and only when a list is set, so a missing header
 * says nothing by itself. An account POST with no headers tells the two
 * apart without changing anything (the account server stores no metadata
 * when none is sent): tempauth lets the owner (or an admin grantee) POST the
 * account and refuses everyone else with 403, read-write grantees included.
 */
export async function getAccountAccess(
  session: StorageSession,
  region: string,
  signal?: AbortSignal,
): Promise<AccountAccess> {
  if (!(await getLimits(session, region, signal)).accountAcls) return { kind: 'unsupported' };
  const head = await session.request(region, { method: 'HEAD', path: '', signal });
  if (!isSuccess(head)) throw errorFromResponse(head, 'Reading who has access to the account');
  const text = head.headers.get(HEADER);
  if (text !== null) {
    const parsed = parseAccountAcl(decodeHeaderValue(text));
    if ('problem' in parsed) {
      throw new StorageError('server', `Swift sent an account ACL Cirrus cannot read: ${parsed.problem}`, {
        ...statusAndId(head),
      });
    }
    return { kind: 'owner', grants: parsed.grants };
  }
  const probe = await session.request(region, { method: 'POST', path: '', signal });
  if (probe.status === 403) return { kind: 'not-owner' };
  if (!isSuccess(probe)) throw errorFromResponse(probe, 'Finding out whether you own the account');
  return { kind: 'owner', grants: [] };
}

/**
 * Replaces the account's ACL with these grants in one POST (an empty value
 * removes it: tempauth stores '' and the header is gone), then reads it back.
 * The contract has checked the grants as tempauth would; a 400 that still
 * comes carries tempauth's own sentence ("X-Account-Access-Control invalid: …").
 */
export async function setAccountAccess(
  session: StorageSession,
  region: string,
  grants: readonly AccountGrant[],
  signal?: AbortSignal,
): Promise<AccountAccess> {
  const problems = accountAclProblems(grants);
  if (problems.length > 0) throw new StorageError('invalid_input', problems.join(' '));
  const headers = { 'X-Account-Access-Control': accountAclText(grants) };
  const res = await session.request(region, { method: 'POST', path: '', headers, signal });
  if (res.status === 403) {
    throw new StorageError(
      'forbidden',
      'Only the account’s owner (or someone it made an admin) can change who has access to it.',
      statusAndId(res),
    );
  }
  if (res.status === 400) {
    const detail = errorDetail(res.text.split('\n')[0] ?? '');
    throw new StorageError('invalid_input', `Swift refused the account ACL${detail ? `: ${detail}` : '.'}`, {
      ...statusAndId(res),
    });
  }
  if (!isSuccess(res)) throw errorFromResponse(res, 'Changing who has access to the account');
  return getAccountAccess(session, region, signal);
}
