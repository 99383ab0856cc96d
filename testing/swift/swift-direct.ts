// Test helpers that talk to Swift directly (tempauth, not the app or the identity front),
// so tests can set up and check state independently of the code under test.
import { HARNESS, tempauthUser, type HarnessUserName, type RegionName } from './config';

export interface SwiftResponse {
  status: number;
  headers: Headers;
  text: string;
}
export interface SwiftRequestOptions {
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  who?: HarnessUserName;
}

const tokens = new Map<string, Promise<{ token: string; storageUrl: string }>>();

/** tempauth token + storage URL of `who` in `region` (GET {proxy}/auth/v1.0). */
export async function swiftToken(
  region: RegionName,
  who: HarnessUserName = 'admin',
): Promise<{ token: string; storageUrl: string }> {
  const res = await fetch(`${HARNESS.regions[region].proxy}/auth/v1.0`, {
    headers: { 'X-Auth-User': tempauthUser(who), 'X-Auth-Key': HARNESS.users[who].password },
  });
  await res.arrayBuffer();
  const token = res.headers.get('x-auth-token');
  const storageUrl = res.headers.get('x-storage-url');
  if (!res.ok || !token || !storageUrl) throw new Error(`swift auth ${region} ${who}: HTTP ${res.status}`);
  return { token, storageUrl };
}

function cachedToken(region: RegionName, who: HarnessUserName): Promise<{ token: string; storageUrl: string }> {
  const key = `${region}/${who}`;
  let t = tokens.get(key);
  if (!t) {
    t = swiftToken(region, who);
    tokens.set(key, t);
    t.catch(() => tokens.delete(key));
  }
  return t;
}

/**
 * Authenticated request to `{proxy}{path}` (path like `/v1/AUTH_test/c/o?format=json`) as
 * `who` (default admin). Retries once with a fresh token on 401 (e.g. after a clean restart).
 */
export async function swiftRequest(
  region: RegionName,
  method: string,
  path: string,
  opts: SwiftRequestOptions = {},
): Promise<SwiftResponse> {
  const who = opts.who ?? 'admin';
  for (let attempt = 0; ; attempt++) {
    const { token } = await cachedToken(region, who);
    const res = await fetch(`${HARNESS.regions[region].proxy}${path}`, {
      method,
      headers: { 'X-Auth-Token': token, ...opts.headers },
      body: opts.body as RequestInit['body'], // Buffer/Uint8Array work; TS 5.9 wants ArrayBuffer-backed views
    });
    const text = await res.text();
    if (res.status === 401 && attempt === 0 && !opts.headers?.['X-Auth-Token']) {
      tokens.delete(`${region}/${who}`);
      continue;
    }
    return { status: res.status, headers: res.headers, text };
  }
}

const enc = (name: string): string => encodeURIComponent(name);
const account = (who: HarnessUserName): string => `/v1/${HARNESS.users[who].account}`;

async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

function expectOk(r: SwiftResponse, what: string, ok: number[] = [200, 201, 202, 204]): void {
  if (!ok.includes(r.status)) throw new Error(`${what}: HTTP ${r.status} ${r.text.slice(0, 200)}`);
}

export async function createContainers(
  region: RegionName,
  names: string[],
  concurrency = 16,
  who: HarnessUserName = 'admin',
): Promise<void> {
  await pool(names, concurrency, async (name) => {
    expectOk(await swiftRequest(region, 'PUT', `${account(who)}/${enc(name)}`, { who }), `PUT container ${name}`);
  });
}

/** Every name in a listing (account: containers, container: objects), following markers. */
export async function listAll(
  region: RegionName,
  path: string,
  who: HarnessUserName = 'admin',
  prefix?: string,
): Promise<string[]> {
  const names: string[] = [];
  const query = prefix === undefined ? '' : `&prefix=${enc(prefix)}`;
  for (;;) {
    const marker = names.length ? `&marker=${enc(names[names.length - 1]!)}` : '';
    const r = await swiftRequest(region, 'GET', `${path}?format=json${query}${marker}`, { who });
    if (r.status === 204 || r.status === 404) return names;
    expectOk(r, `GET ${path}`);
    const page = JSON.parse(r.text) as Array<{ name?: string; subdir?: string }>;
    if (!page.length) return names;
    names.push(...page.map((e) => e.name ?? e.subdir ?? ''));
  }
}

async function bulkDelete(region: RegionName, who: HarnessUserName, paths: string[]): Promise<void> {
  for (let i = 0; i < paths.length; i += 1000) {
    const r = await swiftRequest(region, 'POST', `${account(who)}?bulk-delete`, {
      who,
      headers: { 'Content-Type': 'text/plain', Accept: 'application/json' },
      body: paths.slice(i, i + 1000).join('\n'),
    });
    expectOk(r, 'bulk-delete');
    const out = JSON.parse(r.text) as { 'Response Status': string; Errors: unknown[] };
    if (!out['Response Status'].startsWith('200') || out.Errors.length) {
      throw new Error(`bulk-delete: ${out['Response Status']} ${JSON.stringify(out.Errors).slice(0, 300)}`);
    }
  }
}

/** Empties and deletes every container of `who`'s account in `region`. */
export async function deleteAllContainers(region: RegionName, who: HarnessUserName = 'admin'): Promise<void> {
  const containers = await listAll(region, account(who), who);
  for (const c of containers) {
    const objects = await listAll(region, `${account(who)}/${enc(c)}`, who);
    await bulkDelete(
      region,
      who,
      objects.map((o) => `/${enc(c)}/${enc(o)}`),
    );
  }
  await bulkDelete(
    region,
    who,
    containers.map((c) => `/${enc(c)}`),
  );
}
