// Keystone-style identity front for the Swift harness (node:http only), plus the UDP
// syslog receiver that writes Swift's logs to <stateDir>/logs/swift.log.
//
// Tokens are real tempauth tokens from RegionOne's proxy; tempauth keeps them in the
// memcached both proxies share for tokens, so one token works in both regions.
//
//   POST /v2.0/tokens       passwordCredentials | RAX-KSKEY:apiKeyCredentials
//   POST /v3/auth/tokens    password | application_credential  (201 + X-Subject-Token)
//   GET  /__stats           {"tokenRequests": N, ...}     POST /__stats/reset
//   GET|POST /__config      {"tokenTtlSeconds": number | null}
//
// It answers on one port per lane of the harness (config.ts LANES): each port knows only
// its lane's users, hands out its lane's proxies, and keeps its own counters and TTL.
//
// With a token TTL set (env CIRRUS_IDENTITY_TOKEN_TTL_SECONDS or POST /__config) every
// request gets a fresh token that really expires in Swift after that many seconds: it
// is written into the shared token memcached in tempauth's own format.
import { createHash, randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import {
  DEFAULT_DOMAIN,
  LANES,
  PORTS,
  harnessFor,
  lanePorts,
  storageUrl,
  tempauthUser,
  type Harness,
  type HarnessUser,
  type HarnessUserName,
  type RegionName,
} from './config';

type Json = Record<string, unknown>;
type UserEntry = [HarnessUserName, HarnessUser];

class HttpError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
};
const UNAUTHORIZED = 'The request you have made requires authentication.';
const envTtl = Number(process.env.CIRRUS_IDENTITY_TOKEN_TTL_SECONDS);

/** One lane's users, URLs, token memcached, counters and token lifetime. */
interface Lane {
  harness: Harness;
  users: UserEntry[];
  tokenMemcached: number;
  stats: { tokenRequests: number; v2: number; v3: number; failed: number };
  tokenTtlSeconds: number | null;
}

const LANE_STATE: Lane[] = Array.from({ length: LANES }, (_, lane) => {
  const harness = harnessFor(lane);
  return {
    harness,
    users: Object.entries(harness.users) as UserEntry[],
    tokenMemcached: lanePorts(lane).sharedMemcached,
    stats: { tokenRequests: 0, v2: 0, v3: 0, failed: 0 },
    tokenTtlSeconds: envTtl > 0 ? envTtl : null,
  };
});
const REGIONS = Object.keys(LANE_STATE[0]!.harness.regions) as RegionName[];

// ---------------------------------------------------------------- tokens

interface Issued {
  id: string;
  issuedAt: Date;
  expiresAt: Date;
}

async function issueToken(lane: Lane, who: HarnessUserName): Promise<Issued> {
  const u = lane.harness.users[who];
  const res = await fetch(`${lane.harness.regions.RegionOne.proxy}/auth/v1.0`, {
    headers: { 'X-Auth-User': tempauthUser(who, lane.harness), 'X-Auth-Key': u.password },
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  const token = res.headers.get('x-auth-token');
  if (!res.ok || !token) throw new HttpError(500, `tempauth on RegionOne answered ${res.status}`);
  const issuedAt = new Date();
  if (lane.tokenTtlSeconds === null) {
    const left = Number(res.headers.get('x-auth-token-expires') ?? 86400);
    return { id: token, issuedAt, expiresAt: new Date(issuedAt.getTime() + left * 1000) };
  }
  return mintShortToken(lane.tokenMemcached, token, lane.tokenTtlSeconds, issuedAt);
}

/** Copies tempauth's cache entry `AUTH_/token/<t>` = [expires, groups] under a new token. */
async function mintShortToken(port: number, source: string, ttl: number, issuedAt: Date): Promise<Issued> {
  const got = await memcache(port, `get ${mcKey(`AUTH_/token/${source}`)}\r\n`, 'END\r\n');
  const m = /^VALUE \S+ \d+ \d+\r\n(.*)\r\nEND\r\n$/s.exec(got);
  if (!m) throw new HttpError(500, 'tempauth token not found in the shared memcached');
  const [, groups] = JSON.parse(m[1]!) as [number, string];
  const id = `AUTH_tk${randomUUID().replace(/-/g, '')}`;
  const expiresAt = new Date(issuedAt.getTime() + ttl * 1000);
  const value = JSON.stringify([expiresAt.getTime() / 1000, groups]);
  // flags 2 = JSON, as swift.common.memcached writes it; exptime a little past expiry.
  const stored = await memcache(
    port,
    `set ${mcKey(`AUTH_/token/${id}`)} 2 ${Math.ceil(ttl) + 1} ${Buffer.byteLength(value)}\r\n${value}\r\n`,
    '\r\n',
  );
  if (!stored.startsWith('STORED')) throw new HttpError(500, `memcached answered ${stored.trim()}`);
  return { id, issuedAt, expiresAt };
}

const mcKey = (key: string): string => createHash('md5').update(key).digest('hex'); // swift hashes keys

function memcache(port: number, command: string, terminator: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ host: '127.0.0.1', port });
    let buf = '';
    sock.setTimeout(3000, () => sock.destroy(new Error('memcached timeout')));
    sock.on('error', reject);
    sock.on('connect', () => sock.write(command));
    sock.on('data', (d) => {
      buf += d.toString('utf8');
      if (buf.endsWith(terminator) || /^(ERROR|CLIENT_ERROR|SERVER_ERROR)/.test(buf)) {
        sock.end();
        resolve(buf);
      }
    });
  });
}

// ---------------------------------------------------------------- catalogs

function v2Catalog(h: Harness, who: HarnessUserName): Json[] {
  const tenantId = h.users[who].tenantId;
  return [
    {
      type: 'object-store',
      name: 'swift',
      endpoints: REGIONS.map((r) => ({
        id: `swift-${r}`,
        region: r,
        publicURL: storageUrl(r, who, h),
        internalURL: storageUrl(r, who, h),
        adminURL: h.regions[r].proxy,
        tenantId,
      })),
      endpoints_links: [],
    },
    {
      type: 'identity',
      name: 'keystone',
      endpoints: [
        {
          id: 'keystone-RegionOne',
          region: 'RegionOne',
          publicURL: h.authUrlV2,
          internalURL: h.authUrlV2,
          adminURL: h.authUrlV2,
        },
      ],
      endpoints_links: [],
    },
  ];
}

function v3Catalog(h: Harness, who: HarnessUserName): Json[] {
  const swift = REGIONS.flatMap((r) =>
    (['public', 'internal', 'admin'] as const).map((iface) => ({
      id: `swift-${r}-${iface}`,
      region: r,
      region_id: r,
      interface: iface,
      url: iface === 'admin' ? h.regions[r].proxy : storageUrl(r, who, h),
    })),
  );
  const keystone = (['public', 'internal', 'admin'] as const).map((iface) => ({
    id: `keystone-${iface}`,
    region: 'RegionOne',
    region_id: 'RegionOne',
    interface: iface,
    url: h.authUrlV3,
  }));
  return [
    { id: 'swift', type: 'object-store', name: 'swift', endpoints: swift },
    { id: 'keystone', type: 'identity', name: 'keystone', endpoints: keystone },
  ];
}

// ---------------------------------------------------------------- v2.0

async function v2Tokens(lane: Lane, body: Json): Promise<[number, Json]> {
  const auth = obj(body.auth, 'auth');
  const tenantName = optStr(auth.tenantName, 'tenantName');
  const tenantId = optStr(auth.tenantId, 'tenantId');
  let found: UserEntry | undefined;
  let scoped = tenantName !== undefined || tenantId !== undefined;
  if (auth.passwordCredentials !== undefined) {
    const c = obj(auth.passwordCredentials, 'passwordCredentials');
    const username = str(c.username, 'username');
    const password = str(c.password, 'password');
    found = lane.users.find(([, u]) => u.user === username && u.password === password);
  } else if (auth['RAX-KSKEY:apiKeyCredentials'] !== undefined) {
    const c = obj(auth['RAX-KSKEY:apiKeyCredentials'], 'RAX-KSKEY:apiKeyCredentials');
    const username = str(c.username, 'username');
    const apiKey = str(c.apiKey, 'apiKey');
    found = lane.users.find(([, u]) => u.user === username && u.apiKey === apiKey);
    scoped = true; // Rackspace-style: an API key always gets its default tenant
  } else {
    throw new HttpError(400, 'Expecting to find passwordCredentials or RAX-KSKEY:apiKeyCredentials in auth.');
  }
  if (!found) throw new HttpError(401, UNAUTHORIZED);
  const [who, u] = found;
  if (
    (tenantName !== undefined && tenantName !== u.tenantName) ||
    (tenantId !== undefined && tenantId !== u.tenantId)
  ) {
    throw new HttpError(401, UNAUTHORIZED);
  }
  const t = await issueToken(lane, who);
  const tenant = { id: u.tenantId, name: u.tenantName, description: null, enabled: true };
  const roles = u.roles.map((name) => ({ name }));
  return [
    200,
    {
      access: {
        token: {
          id: t.id,
          issued_at: iso(t.issuedAt),
          expires: iso(t.expiresAt, false),
          audit_ids: [auditId()],
          ...(scoped ? { tenant } : {}),
        },
        serviceCatalog: scoped ? v2Catalog(lane.harness, who) : [],
        user: { id: u.userId, name: u.user, username: u.user, roles: scoped ? roles : [], roles_links: [] },
        metadata: { is_admin: 0, roles: scoped ? u.roles.map((r) => `role-${r}`) : [] },
      },
    },
  ];
}

// ---------------------------------------------------------------- v3

function checkDomain(d: unknown): void {
  if (d === undefined) return;
  const dom = obj(d, 'domain');
  if (
    (dom.id !== undefined && dom.id !== DEFAULT_DOMAIN.id) ||
    (dom.name !== undefined && dom.name !== DEFAULT_DOMAIN.name)
  ) {
    throw new HttpError(401, UNAUTHORIZED);
  }
}

function findV3User(lane: Lane, user: Json): UserEntry | undefined {
  if (user.id !== undefined) return lane.users.find(([, u]) => u.userId === user.id);
  const name = str(user.name, 'user.name');
  if (user.domain === undefined) throw new HttpError(400, 'Expecting to find domain in user.');
  checkDomain(user.domain);
  return lane.users.find(([, u]) => u.user === name);
}

async function v3Tokens(lane: Lane, body: Json): Promise<[number, Json, string]> {
  const auth = obj(body.auth, 'auth');
  const identity = obj(auth.identity, 'identity');
  const methods = identity.methods;
  if (!Array.isArray(methods) || !methods.length) throw new HttpError(400, 'Expecting to find methods in identity.');
  let found: UserEntry | undefined;
  let appCred: Json | undefined;
  if (methods.includes('password')) {
    const user = obj(obj(identity.password, 'password').user, 'password.user');
    const password = str(user.password, 'password');
    found = findV3User(lane, user);
    if (found && found[1].password !== password) found = undefined;
  } else if (methods.includes('application_credential')) {
    const c = obj(identity.application_credential, 'application_credential');
    const secret = str(c.secret, 'secret');
    found = lane.users.find(([, u]) => {
      const ac = 'applicationCredential' in u ? u.applicationCredential : undefined;
      if (!ac || ac.secret !== secret) return false;
      return c.id !== undefined
        ? c.id === ac.id
        : c.name === ac.name && findV3User(lane, obj(c.user, 'user'))?.[1] === u;
    });
    if (found && 'applicationCredential' in found[1]) {
      const ac = found[1].applicationCredential;
      appCred = { id: ac.id, name: ac.name, restricted: true };
    }
  } else {
    throw new HttpError(401, UNAUTHORIZED);
  }
  if (!found) throw new HttpError(401, UNAUTHORIZED);
  const [who, u] = found;

  // An application credential is bound to its project; otherwise only an explicit
  // project scope yields a catalog (as in Keystone, unscoped tokens have none).
  let scoped = appCred !== undefined;
  if (!scoped && auth.scope !== undefined && auth.scope !== 'unscoped') {
    const project = obj(obj(auth.scope, 'scope').project, 'scope.project');
    if (project.id !== undefined) {
      if (project.id !== u.tenantId) throw new HttpError(401, UNAUTHORIZED);
    } else {
      if (str(project.name, 'project.name') !== u.tenantName || project.domain === undefined)
        throw new HttpError(401, UNAUTHORIZED);
      checkDomain(project.domain);
    }
    scoped = true;
  }
  const t = await issueToken(lane, who);
  const token: Json = {
    methods: methods.filter((m): m is string => typeof m === 'string'),
    user: { id: u.userId, name: u.user, domain: DEFAULT_DOMAIN, password_expires_at: null },
    audit_ids: [auditId()],
    issued_at: iso(t.issuedAt),
    expires_at: iso(t.expiresAt),
  };
  if (scoped) {
    Object.assign(token, {
      project: { id: u.tenantId, name: u.tenantName, domain: DEFAULT_DOMAIN },
      is_domain: false,
      roles: u.roles.map((name) => ({ id: `role-${name}`, name })),
      catalog: v3Catalog(lane.harness, who),
    });
  }
  if (appCred) token.application_credential = appCred;
  return [201, { token }, t.id];
}

// ---------------------------------------------------------------- http plumbing

function obj(v: unknown, what: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new HttpError(400, `Expecting to find ${what} in request body.`);
  return v as Json;
}
function str(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new HttpError(400, `Expecting to find ${what} in request body.`);
  return v;
}
function optStr(v: unknown, what: string): string | undefined {
  return v === undefined ? undefined : str(v, what);
}
/** Keystone style: v3 with microseconds, v2 `expires` without. */
function iso(d: Date, micro = true): string {
  const s = d.toISOString(); // 2024-01-01T00:00:00.000Z
  return micro ? `${s.slice(0, -1)}000Z` : `${s.slice(0, 19)}Z`;
}
const auditId = (): string => randomUUID().replace(/-/g, '').slice(0, 22);

async function readJson(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return obj(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'), 'a JSON object');
  } catch (err) {
    throw err instanceof HttpError ? err : new HttpError(400, 'The request body is not valid JSON.');
  }
}

function send(res: ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(code, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    Vary: 'X-Auth-Token',
    ...headers,
  });
  res.end(text);
}

function sendError(lane: Lane, res: ServerResponse, code: number, message: string): void {
  const extra: Record<string, string> =
    code === 401 ? { 'WWW-Authenticate': `Keystone uri="${lane.harness.identityUrl}"` } : {};
  send(res, code, { error: { message, code, title: TITLES[code] ?? 'Error' } }, extra);
}

function versions(h: Harness): Json {
  const v = (id: string, status: string, href: string): Json => ({
    id,
    status,
    updated: '2022-09-07T00:00:00Z',
    links: [{ rel: 'self', href: `${href}/` }],
    'media-types': [{ base: 'application/json', type: `application/vnd.openstack.identity-${id.split('.')[0]}+json` }],
  });
  return { v3: v('v3.14', 'stable', h.authUrlV3), v2: v('v2.0', 'deprecated', h.authUrlV2) };
}

async function route(lane: Lane, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { stats } = lane;
  const url = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '') || '/';
  const m = req.method ?? 'GET';
  if (m === 'POST' && (url === '/v2.0/tokens' || url === '/v3/auth/tokens')) {
    stats.tokenRequests++;
    const v3 = url.startsWith('/v3');
    stats[v3 ? 'v3' : 'v2']++;
    try {
      const body = await readJson(req);
      if (v3) {
        const [code, out, token] = await v3Tokens(lane, body);
        send(res, code, out, { 'X-Subject-Token': token });
      } else {
        const [code, out] = await v2Tokens(lane, body);
        send(res, code, out);
      }
    } catch (err) {
      stats.failed++;
      throw err;
    }
    return;
  }
  if (url === '/__stats' && m === 'GET') return send(res, 200, stats);
  if (url === '/__stats/reset' && m === 'POST') {
    Object.assign(stats, { tokenRequests: 0, v2: 0, v3: 0, failed: 0 });
    return send(res, 200, stats);
  }
  if (url === '/__config' && (m === 'GET' || m === 'POST')) {
    if (m === 'POST') {
      const ttl = (await readJson(req)).tokenTtlSeconds;
      if (ttl !== null && (typeof ttl !== 'number' || !(ttl > 0)))
        throw new HttpError(400, 'tokenTtlSeconds must be a positive number or null.');
      lane.tokenTtlSeconds = ttl;
    }
    return send(res, 200, { tokenTtlSeconds: lane.tokenTtlSeconds });
  }
  if (m === 'GET' && url === '/')
    return send(res, 300, { versions: { values: Object.values(versions(lane.harness)) } });
  if (m === 'GET' && url === '/v3') return send(res, 200, { version: versions(lane.harness).v3 });
  if (m === 'GET' && url === '/v2.0') return send(res, 200, { version: versions(lane.harness).v2 });
  throw new HttpError(404, 'The resource could not be found.');
}

// ---------------------------------------------------------------- main

const logsDir = path.join(LANE_STATE[0]!.harness.stateDir, 'logs');
fs.mkdirSync(logsDir, { recursive: true });
const swiftLog = fs.createWriteStream(path.join(logsDir, 'swift.log'), { flags: 'a' });
const syslog = dgram.createSocket('udp4');
syslog.on('message', (msg) => {
  // "<PRI>name: message" -> "ISO-time name: message"
  swiftLog.write(
    `${new Date().toISOString()} ${msg
      .toString('utf8')
      .replace(/^<\d+>/, '')
      .replace(/\0/g, '')
      .trimEnd()}\n`,
  );
});
syslog.bind(PORTS.syslogUdp, '127.0.0.1');

const servers = LANE_STATE.map((lane) => {
  const server = http.createServer((req, res) => {
    route(lane, req, res).catch((err: unknown) => {
      const code = err instanceof HttpError ? err.code : 500;
      if (code === 500) console.error(err);
      if (!res.headersSent) sendError(lane, res, code, err instanceof Error ? err.message : String(err));
    });
  });
  server.listen(lanePorts(lane.harness.lane).identity, '127.0.0.1', () => {
    console.log(
      `identity listening on ${lane.harness.identityUrl} (lane ${lane.harness.lane}, syslog udp ${PORTS.syslogUdp}, token ttl ${lane.tokenTtlSeconds ?? 'tempauth default'})`,
    );
  });
  return server;
});
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.on(sig, () => {
    for (const server of servers) server.close();
    syslog.close();
    swiftLog.end(() => process.exit(0));
  });
}
