/**
 * The temporary URL signing keys of an account or a container
 * (`X-Account-Meta-Temp-URL-Key`, `-Key-2`; the same with `Container`). Swift
 * shows them only to the account's owners. They leave this process masked:
 * the page sets, generates and rotates them, and asks for signed links, but
 * never reads one back.
 */
import { randomBytes } from 'node:crypto';
import type { Metadata, TempUrlKeys } from '../../../shared/domain';
import { isTempUrlKey, keyOfSlot, tempUrlKeyProblems, type TempUrlSlot } from '../../../shared/temp-url';
import { StorageError } from '../errors';
import { decodeHeaderValue, encodeHeaderValue } from '../headers';
import { errorFromResponse, isSuccess, type HttpResponse } from '../http';
import { getLimits } from '../info';
import { metadataPostError } from '../metadata-post';
import { containerPath } from '../paths';
import { statusAndId } from '../response-parts';
import type { StorageSession } from '../session';
import { assertNoProblems } from '../validate';

export type TempUrlScope = { kind: 'account' } | { kind: 'container'; container: string };

/** A key to store in one slot: typed by the person, generated here, or none (the slot is cleared). */
export type NewKey = { kind: 'typed'; value: string } | { kind: 'generated' } | { kind: 'none' };

/** How a set key is shown: its length in dots, and its last four characters when it is long enough to spare them. */
export function maskKey(key: string): string {
  const chars = Array.from(key);
  const dots = '•'.repeat(8);
  return chars.length >= 20 ? `${dots}${chars.slice(-4).join('')}` : dots;
}

/** The metadata the page sees: every key but the two signing keys. */
export function withoutTempUrlKeys(metadata: Metadata): Metadata {
  return Object.fromEntries(Object.entries(metadata).filter(([key]) => !isTempUrlKey(key)));
}

/** The scope's two keys as Swift sent them (decoded from UTF-8), undefined where unset. */
export function tempUrlKeysFromHeaders(headers: Headers, kind: TempUrlScope['kind']): [string?, string?] {
  const prefix = kind === 'account' ? 'x-account-meta-' : 'x-container-meta-';
  const read = (slot: TempUrlSlot) => {
    const value = headers.get(`${prefix}${keyOfSlot(slot)}`);
    return value === null || value === '' ? undefined : decodeHeaderValue(value);
  };
  return [read(1), read(2)];
}

export const maskedKeys = ([first, second]: [string?, string?]): TempUrlKeys => ({
  first: first === undefined ? null : maskKey(first),
  second: second === undefined ? null : maskKey(second),
});

const pathOf = (scope: TempUrlScope) => (scope.kind === 'account' ? '' : containerPath(scope.container));
const scopeName = (scope: TempUrlScope) => (scope.kind === 'account' ? 'the account' : `"${scope.container}"`);

/** A refused HEAD or POST of the scope; a missing container is named (containers.ts imports this file). */
function scopeError(res: HttpResponse, scope: TempUrlScope, what: string, post: boolean): StorageError {
  if (scope.kind === 'container' && res.status === 404) {
    return new StorageError('not_found', `The container "${scope.container}" does not exist.`, statusAndId(res));
  }
  return post ? metadataPostError(res, what) : errorFromResponse(res, what);
}

/** The scope's two keys, read with one HEAD. */
export async function readTempUrlKeys(
  session: StorageSession,
  region: string,
  scope: TempUrlScope,
  signal?: AbortSignal,
): Promise<[string?, string?]> {
  const res = await session.request(region, { method: 'HEAD', path: pathOf(scope), signal });
  if (!isSuccess(res)) throw scopeError(res, scope, `Reading the temporary URL keys of ${scopeName(scope)}`, false);
  return tempUrlKeysFromHeaders(res.headers, scope.kind);
}

/** 256 random bits as hex: what `swift post -m Temp-URL-Key:…` users are told to make with openssl. */
const generateKey = (): string => randomBytes(32).toString('hex');

/** Writes both slots in one POST (Swift merges it with the rest of the metadata); undefined removes a slot. */
async function writeKeys(
  session: StorageSession,
  region: string,
  scope: TempUrlScope,
  keys: [string?, string?],
  signal?: AbortSignal,
): Promise<TempUrlKeys> {
  const kind = scope.kind === 'account' ? 'Account' : 'Container';
  const headers: Record<string, string> = {};
  keys.forEach((value, i) => {
    const key = keyOfSlot((i + 1) as TempUrlSlot);
    if (value === undefined) headers[`X-Remove-${kind}-Meta-${key}`] = 'x';
    else headers[`X-${kind}-Meta-${key}`] = encodeHeaderValue(value);
  });
  const res = await session.request(region, { method: 'POST', path: pathOf(scope), headers, signal });
  if (!isSuccess(res)) throw scopeError(res, scope, `Changing the temporary URL keys of ${scopeName(scope)}`, true);
  return maskedKeys(keys);
}

/** Puts a typed or generated key in one slot, or clears it; the other slot stays as it is. */
export async function setTempUrlKey(
  session: StorageSession,
  region: string,
  scope: TempUrlScope,
  slot: TempUrlSlot,
  key: NewKey,
  signal?: AbortSignal,
): Promise<TempUrlKeys> {
  if (key.kind === 'typed') {
    const limits = await getLimits(session, region, signal);
    assertNoProblems(
      tempUrlKeyProblems(key.value, limits.maxMetaValueLength).map((message) => ({ field: 'key', message })),
      'Cannot set the key',
    );
  }
  const keys = await readTempUrlKeys(session, region, scope, signal);
  keys[slot - 1] = key.kind === 'typed' ? key.value : key.kind === 'generated' ? generateKey() : undefined;
  return writeKeys(session, region, scope, keys, signal);
}

/**
 * A new generated key goes in the first slot and the one it replaces moves to
 * the second, in one POST: links signed with the replaced key keep working
 * until the next rotation; links signed with the key the second slot held
 * stop working now. With no first key, the second is left alone.
 */
export async function rotateTempUrlKeys(
  session: StorageSession,
  region: string,
  scope: TempUrlScope,
  signal?: AbortSignal,
): Promise<TempUrlKeys> {
  const [first, second] = await readTempUrlKeys(session, region, scope, signal);
  return writeKeys(session, region, scope, [generateKey(), first ?? second], signal);
}
