// The identity front's HTTP plumbing: Keystone-style errors (HttpError, {"error": ...} bodies),
// request-body checks that answer 400, Keystone's timestamp and audit-id formats, reading a JSON
// body and sending a JSON answer. Split out of identity.ts so the routes and token logic read alone.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Lane } from './identity-lanes';

export type Json = Record<string, unknown>;

export class HttpError extends Error {
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
export const UNAUTHORIZED = 'The request you have made requires authentication.';

export function obj(v: unknown, what: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new HttpError(400, `Expecting to find ${what} in request body.`);
  return v as Json;
}
export function str(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new HttpError(400, `Expecting to find ${what} in request body.`);
  return v;
}
export function optStr(v: unknown, what: string): string | undefined {
  return v === undefined ? undefined : str(v, what);
}
/** Keystone style: v3 with microseconds, v2 `expires` without. */
export function iso(d: Date, micro = true): string {
  const s = d.toISOString(); // 2024-01-01T00:00:00.000Z
  return micro ? `${s.slice(0, -1)}000Z` : `${s.slice(0, 19)}Z`;
}
export const auditId = (): string => randomUUID().replace(/-/g, '').slice(0, 22);

export async function readJson(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return obj(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'), 'a JSON object');
  } catch (err) {
    throw err instanceof HttpError ? err : new HttpError(400, 'The request body is not valid JSON.');
  }
}

export function send(res: ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(code, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    Vary: 'X-Auth-Token',
    ...headers,
  });
  res.end(text);
}

export function sendError(lane: Lane, res: ServerResponse, code: number, message: string): void {
  const extra: Record<string, string> =
    code === 401 ? { 'WWW-Authenticate': `Keystone uri="${lane.harness.identityUrl}"` } : {};
  send(res, code, { error: { message, code, title: TITLES[code] ?? 'Error' } }, extra);
}
