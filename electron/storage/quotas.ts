/**
 * Quotas in the main process: a container's Quota-Bytes and Quota-Count
 * (container_quotas middleware; anyone who may POST the container sets
 * them), the account's Quota-Bytes (account_quotas; only a reseller admin
 * sets it, everyone else gets 403), and the message for an upload Swift
 * refused with 413 because it went over one of them.
 */
import type { Account, Container } from '../../shared/domain';
import { quotaOf, sizeText, type Quota } from '../../shared/quotas';
import { getAccount } from './account';
import { containerError, getContainer } from './containers';
import { StorageError } from './errors';
import { errorFromResponse, isSuccess } from './http';
import { containerPath } from './paths';
import type { StorageSession } from './session';

/** A quota to store: a number sets that limit, null removes it. */
export interface QuotaChange {
  bytes: number | null;
  count: number | null;
}

function quotaHeaders(kind: 'Container' | 'Account', key: string, value: number | null): Record<string, string> {
  return value === null ? { [`X-Remove-${kind}-Meta-${key}`]: 'x' } : { [`X-${kind}-Meta-${key}`]: String(value) };
}

/** Sets or clears both container limits in one POST, and answers with the container as Swift now has it. */
export async function setContainerQuota(
  session: StorageSession,
  region: string,
  container: string,
  change: QuotaChange,
  signal?: AbortSignal,
): Promise<Container> {
  const headers = {
    ...quotaHeaders('Container', 'Quota-Bytes', change.bytes),
    ...quotaHeaders('Container', 'Quota-Count', change.count),
  };
  const res = await session.request(region, { method: 'POST', path: containerPath(container), headers, signal });
  if (!isSuccess(res)) throw containerError(res, `Changing the quota of "${container}"`, container);
  return getContainer(session, region, container, signal);
}

/**
 * Sets or clears the account's byte quota, and answers with the account as
 * Swift now has it. Swift's account_quotas lets only a reseller admin do it
 * (a request tempauth or keystoneauth marks `reseller_request`); everyone
 * else, the account's owner included, gets 403, and a `forbidden` error
 * that says so.
 */
export async function setAccountQuota(
  session: StorageSession,
  region: string,
  bytes: number | null,
  signal?: AbortSignal,
): Promise<Account> {
  const headers = quotaHeaders('Account', 'Quota-Bytes', bytes);
  const res = await session.request(region, { method: 'POST', path: '', headers, signal });
  if (res.status === 403) {
    throw new StorageError(
      'forbidden',
      'Only a reseller admin can set the account’s quota; ask the operator of this Swift service.',
      { status: 403, ...(res.requestId ? { requestId: res.requestId } : {}) },
    );
  }
  if (!isSuccess(res)) throw errorFromResponse(res, 'Changing the account quota');
  return getAccount(session, region, signal);
}

/** Swift's body for both middlewares' 413 ("Upload exceeds quota."). */
const QUOTA_BODY = /exceeds quota/i;

export const isQuotaRefusal = (err: unknown): err is StorageError =>
  err instanceof StorageError && err.status === 413 && QUOTA_BODY.test(err.message);

function quotaSentence(whose: string, quota: Quota): string | undefined {
  const parts = [
    quota.bytes === undefined ? undefined : `${sizeText(quota.bytes)}`,
    quota.count === undefined ? undefined : `${quota.count.toLocaleString('en-US')} objects`,
  ].filter((p): p is string => p !== undefined);
  return parts.length === 0 ? undefined : `${whose} quota of ${parts.join(' and ')} would be exceeded`;
}

/**
 * A quota refusal named: which quota (the container's or the account's) and
 * how large, read back from Swift. When that read fails too, the refusal
 * still says a quota was the reason.
 */
export async function quotaRefusalError(
  session: StorageSession,
  region: string,
  container: string,
  err: StorageError,
  what: string,
  signal?: AbortSignal,
): Promise<StorageError> {
  let sentence: string | undefined;
  try {
    const c = await getContainer(session, region, container, signal);
    sentence = quotaSentence("The container's", quotaOf(c.metadata));
    if (sentence === undefined) {
      const account = await getAccount(session, region, signal);
      sentence = quotaSentence("The account's", { bytes: quotaOf(account.metadata).bytes });
    }
  } catch {
    // The refusal is the news; not being able to say which quota only makes the message vaguer.
  }
  const message = `${what}: ${sentence ?? 'a quota of the container or the account would be exceeded'}, so Swift refused it.`;
  return new StorageError('limit_exceeded', message, {
    status: 413,
    ...(err.requestId ? { requestId: err.requestId } : {}),
    cause: err,
  });
}
