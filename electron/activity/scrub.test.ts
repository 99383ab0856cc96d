// What the log keeps of a request: the decoded place, and no secret from the URL (the only part of a
// request the observer hands it that could carry one).
import { describe, expect, it } from 'vitest';
import { activityLine } from '../../shared/activity';
import type { ObservedRequest } from '../storage/request-observer';
import { scrubbedEntry, scrubQuery } from './scrub';

const region = { name: 'RegionOne', endpoint: 'http://127.0.0.1:8081/v1/AUTH_test' };
const request = (url: string, more: Partial<ObservedRequest> = {}): ObservedRequest => ({
  method: 'GET',
  url,
  region,
  startedAt: Date.UTC(2026, 10, 28, 10),
  durationMs: 12.5,
  status: 200,
  errorCode: undefined,
  sentBytes: 0,
  receivedBytes: 42,
  requestId: 'tx123-abc',
  ...more,
});

describe('an activity entry', () => {
  it('names the account, container and object, decoded', () => {
    const entry = scrubbedEntry(request(`${region.endpoint}/my%20box/a%2Fb/caf%C3%A9%3F.txt?format=json`));
    expect(entry).toMatchObject({
      region: 'RegionOne',
      host: '127.0.0.1:8081',
      account: 'AUTH_test',
      container: 'my box',
      object: 'a/b/café?.txt',
      query: 'format=json',
      status: 200,
      requestId: 'tx123-abc',
      received: 42,
    });
    expect(entry.path).toBeUndefined();
  });

  it('names the account alone, and a container alone', () => {
    expect(scrubbedEntry(request(`${region.endpoint}?format=json`))).toMatchObject({ account: 'AUTH_test' });
    const container = scrubbedEntry(request(`${region.endpoint}/photos`, { method: 'HEAD' }));
    expect(container).toMatchObject({ container: 'photos', method: 'HEAD' });
    expect(container.object).toBeUndefined();
  });

  it('keeps the path of a call outside a region (identity, /info)', () => {
    const entry = scrubbedEntry(request('http://127.0.0.1:5000/v3/auth/tokens', { region: undefined, method: 'POST' }));
    expect(entry).toMatchObject({ region: '', path: '/v3/auth/tokens', host: '127.0.0.1:5000' });
    expect(scrubbedEntry(request('http://127.0.0.1:8081/info'))).toMatchObject({ region: 'RegionOne', path: '/info' });
  });

  it('hides temp URL signatures and any token, key or password parameter', () => {
    const secrets = ['5f1e0a9c3b7d2e4f6a8b0c1d2e3f4a5b6c7d8e9f', 'gAAAAAtokenvalue', 's3cr3t-pa55', 'AKIAKEY'];
    const url =
      `${region.endpoint}/c/o?temp_url_sig=${secrets[0]}&temp_url_expires=1700000000` +
      `&X-Auth-Token=${secrets[1]}&password=${secrets[2]}&X-Amz-Credential=${secrets[3]}&X-Amz-Signature=${secrets[0]}` +
      `&multipart-manifest=get`;
    const entry = scrubbedEntry(request(url));
    const line = activityLine({ seq: 1, ...entry });
    for (const secret of secrets) {
      expect(JSON.stringify(entry)).not.toContain(secret);
      expect(line).not.toContain(secret);
    }
    expect(entry.query).toBe(
      'temp_url_sig=(hidden)&temp_url_expires=1700000000&X-Auth-Token=(hidden)&password=(hidden)' +
        '&X-Amz-Credential=(hidden)&X-Amz-Signature=(hidden)&multipart-manifest=get',
    );
  });

  it('drops credentials written into the address', () => {
    const entry = scrubbedEntry(request('https://alice:hunter2@swift.example:443/auth/v1.0', { region: undefined }));
    expect(entry.host).toBe('swift.example:443');
    expect(JSON.stringify(entry)).not.toContain('hunter2');
  });

  it('records a failure without an answer by its code', () => {
    const entry = scrubbedEntry(
      request(`${region.endpoint}/c`, { status: undefined, errorCode: 'network', requestId: undefined }),
    );
    expect(entry).toMatchObject({ error: 'network' });
    expect(entry.status).toBeUndefined();
    expect(activityLine({ seq: 1, ...entry }).split('\t')[4]).toBe('network');
  });

  it('keeps a query with no secret as sent, readable', () => {
    expect(scrubQuery('prefix=photos%2F2024%2F&delimiter=%2F&limit=100')).toBe(
      'prefix=photos/2024/&delimiter=/&limit=100',
    );
  });
});
