/**
 * Plain HTTP to Swift for what is not being measured: making the data,
 * checking each tool's result, cleaning up; and the token the swift CLI and
 * curl are given.
 */
import { HARNESS, tempauthUser } from '../../testing/swift/config';
import { addObjectRows, textRow } from '../../testing/swift/backend-rows';
import { REGION } from './ops';
import type { Auth } from './peers';

/**
 * A token straight from Swift's tempauth (a day long). Not through the
 * harness's identity front: tests sharing the harness may shorten the tokens
 * it hands out for a while, and a run must not lose its token mid-way.
 */
export async function signIn(): Promise<Auth> {
  const res = await fetch(`${HARNESS.regions[REGION].proxy}/auth/v1.0`, {
    headers: { 'x-auth-user': tempauthUser('admin'), 'x-auth-key': HARNESS.users.admin.password },
  });
  const token = res.headers.get('x-auth-token');
  const storageUrl = res.headers.get('x-storage-url');
  if (!res.ok || !token || !storageUrl) throw new Error(`tempauth sign-in on ${REGION}: HTTP ${res.status}`);
  return { token, storageUrl };
}

export const objectUrl = (auth: Auth, container: string, name?: string): string =>
  `${auth.storageUrl}/${encodeURIComponent(container)}${name === undefined ? '' : `/${encodeURIComponent(name)}`}`;

export async function api(
  auth: Auth,
  method: string,
  url: string,
  init: { headers?: Record<string, string>; body?: Buffer<ArrayBuffer> | string } = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(url, { method, headers: { 'x-auth-token': auth.token, ...init.headers }, body: init.body });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, headers: res.headers, text };
}

export async function etagOf(auth: Auth, container: string, name: string): Promise<string> {
  const res = await api(auth, 'HEAD', objectUrl(auth, container, name));
  return (res.headers.get('etag') ?? '').replace(/"/g, '');
}

/** Every object under `prefix`, with its MD5 as Swift lists it. */
export async function listAll(auth: Auth, container: string, prefix = ''): Promise<{ name: string; hash: string }[]> {
  const all: { name: string; hash: string }[] = [];
  for (;;) {
    const marker = all.at(-1)?.name ?? '';
    const query = new URLSearchParams({ format: 'json', prefix, marker, limit: '10000' });
    const page = JSON.parse((await api(auth, 'GET', `${objectUrl(auth, container)}?${query}`)).text) as typeof all;
    if (page.length === 0) return all;
    all.push(...page);
  }
}

/** Deletes `names` from `container` (bulk delete, 10,000 names a request). */
async function bulkDelete(auth: Auth, container: string, names: string[]): Promise<void> {
  const account = new URL(auth.storageUrl);
  for (let i = 0; i < names.length; i += 10_000) {
    const body = names
      .slice(i, i + 10_000)
      .map((n) => `/${encodeURIComponent(container)}/${encodeURIComponent(n)}`)
      .join('\n');
    await api(auth, 'POST', `${account.href}?bulk-delete`, {
      headers: { 'content-type': 'text/plain', accept: 'application/json' },
      body,
    });
  }
}

/** Deletes `container` and everything in it. */
export async function removeContainer(auth: Auth, container: string): Promise<void> {
  await bulkDelete(
    auth,
    container,
    (await listAll(auth, container).catch(() => [])).map((o) => o.name),
  );
  await fetch(objectUrl(auth, container), { method: 'DELETE', headers: { 'x-auth-token': auth.token } });
}

/**
 * Deletes a large object and its segments, whoever made it: Cirrus and the
 * swift CLI put them at `<name>/slo/…`, rclone at `<name>/<time>/<size>/…`,
 * all in `<container>_segments`, so everything under `<name>/` there is its.
 */
export async function removeLargeObject(auth: Auth, container: string, name: string): Promise<void> {
  const res = await fetch(objectUrl(auth, container, name), {
    method: 'DELETE',
    headers: { 'x-auth-token': auth.token },
  });
  await res.arrayBuffer();
  const segments = `${container}_segments`;
  const names = (await listAll(auth, segments, `${name}/`).catch(() => [])).map((o) => o.name);
  await bulkDelete(auth, segments, names);
}

export const namesContainer = (count: number): string => `cirrus-bench-names-${count}`;

/** The `i`th name of a names container of `count` objects. */
export const nameAt = (count: number, i: number): string => `name-${String(i).padStart(String(count - 1).length, '0')}`;

/**
 * A container of `count` empty objects (`name-000000`…), made once and reused
 * while its object count is right. Only its first and last objects are stored
 * (the UI rows open the last one); the rest are rows of its listing, written
 * to the container server as an object server writes them
 * (testing/swift/backend-rows.ts): every row here lists names, and the listing
 * is Swift's either way. Through `?extract-archive` each object cost Swift
 * ~12 ms of CPU: the quick mode's 2,000 took ~16 s of every CI run, the full
 * run's 100,000 some 20 minutes.
 */
export async function ensureNamesContainer(auth: Auth, count: number, say: (line: string) => void): Promise<string> {
  const container = namesContainer(count);
  const url = objectUrl(auth, container);
  const head = await fetch(url, { method: 'HEAD', headers: { 'x-auth-token': auth.token } });
  if (Number(head.headers.get('x-container-object-count')) === count) return container;
  say(`Making ${container}: ${count.toLocaleString('en-US')} empty objects, listed (once; reused later)…`);
  await api(auth, 'PUT', url);
  const stored = [nameAt(count, 0), nameAt(count, count - 1)];
  const listed = Array.from({ length: count }, (_, i) => nameAt(count, i)).filter((n) => !stored.includes(n));
  await addObjectRows(
    REGION,
    'admin',
    container,
    listed.map((name) => ({ ...textRow(name, ''), contentType: 'application/octet-stream' })),
  );
  for (const name of stored) await api(auth, 'PUT', objectUrl(auth, container, name), { body: '' });
  return container;
}
