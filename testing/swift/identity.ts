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
//
// The parts: identity-lanes.ts (per-lane state), identity-auth.ts (credential checks, token
// responses), identity-tokens.ts (tempauth tokens, the memcached), identity-catalog.ts (catalogs,
// versions), identity-http.ts (errors, JSON in and out). This file routes and runs the servers.
import dgram from 'node:dgram';
import fs from 'node:fs';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { PORTS, lanePorts } from './config';
import { v2Tokens, v3Tokens } from './identity-auth';
import { versions } from './identity-catalog';
import { HttpError, readJson, send, sendError } from './identity-http';
import { LANE_STATE, type Lane } from './identity-lanes';

// ---------------------------------------------------------------- http routes

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
