/**
 * The keep-alive floor: the requests a Cirrus call makes, sent directly on one
 * kept-alive undici connection with nothing around them (no validation, no
 * retry, no parsing beyond what the next request needs). What Cirrus adds on
 * top of this is its own overhead.
 */
import { Client } from 'undici';
import { timedCalls, type Op, type OpOutcome } from './ops';

type FloorOp = Extract<Op, { kind: `floor-${string}` }>;

const enc = encodeURIComponent;

export function prepareFloor(op: FloorOp): () => Promise<OpOutcome> {
  const url = new URL(op.auth.storageUrl);
  const client = new Client(url.origin);
  const account = url.pathname;
  const headers = { 'x-auth-token': op.auth.token };
  const call = async (method: 'GET' | 'HEAD' | 'POST', path: string, extra: Record<string, string> = {}) => {
    const res = await client.request({ method, path, headers: { ...headers, ...extra } });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode}`);
    return { headers: res.headers, text };
  };
  switch (op.kind) {
    case 'floor-list':
      return async () => {
        let count = 0;
        let marker = '';
        for (let limit = op.firstLimit; ; limit = op.limit) {
          const query = `format=json&limit=${limit}&delimiter=${enc(op.delimiter)}&marker=${enc(marker)}`;
          const { text } = await call('GET', `${account}/${enc(op.container)}?${query}`, {
            accept: 'application/json',
          });
          const page = JSON.parse(text || '[]') as { name?: string; subdir?: string }[];
          count += page.length;
          if (page.length < limit) return { count };
          const last = page.at(-1)!;
          marker = last.name ?? last.subdir ?? '';
        }
      };
    case 'floor-head':
      return async () => ({ calls: await timedCalls(op.calls, () => call('HEAD', account)) });
    case 'floor-save':
      // What saving one key costs at the least: HEAD for the current set (an object POST replaces it), then POST.
      return async () => {
        const path = `${account}/${enc(op.container)}/${enc(op.name)}`;
        const calls = await timedCalls(op.calls, async (i) => {
          const head = await call('HEAD', path);
          const keep: Record<string, string> = {};
          for (const [key, value] of Object.entries(head.headers)) {
            if (key.startsWith('x-object-meta-') && typeof value === 'string') keep[key] = value;
          }
          await call('POST', path, { ...keep, 'x-object-meta-bench': `floor-${i}` });
        });
        return { calls };
      };
  }
}
