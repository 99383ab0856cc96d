// Static website and CORS settings against the real Swift harness (staticweb is in the proxy pipeline,
// after tempauth): every setting in one POST that keeps the other metadata, what an anonymous visitor and a
// CORS preflight then get from Swift, and the settings removed again.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';
import {
  containerName,
  directPath,
  openSession,
  putContainer,
  REGION,
  removeContainer,
} from '../../testing/electron/transfers-testkit';
import { StorageError } from './errors';
import type { StorageSession } from './session';
import { setContainerWebsite } from './website';

const publicUrl = (container: string, path = '') => `${HARNESS.regions[REGION].proxy}${directPath(container)}/${path}`;
const headers = async (container: string) => (await swiftRequest(REGION, 'HEAD', directPath(container))).headers;
const anonymous = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { status: res.status, body: await res.text(), headers: res.headers };
};

describe('static website and CORS against real Swift', () => {
  let session: StorageSession;
  const container = containerName('website');

  beforeAll(async () => {
    session = await openSession();
    await putContainer(container);
    for (const [name, body] of [
      ['index.html', '<h1>home</h1>'],
      ['404error.html', '<h1>not here</h1>'],
      ['sub/page.txt', 'a page'],
    ] as const) {
      const put = await swiftRequest(REGION, 'PUT', directPath(container, name), { body });
      expect(put.status).toBe(201);
    }
    const post = await swiftRequest(REGION, 'POST', directPath(container), {
      headers: { 'X-Container-Meta-Owner': 'docs team', 'X-Container-Read': '.r:*,.rlistings' },
    });
    expect(post.status).toBe(204);
  });

  afterAll(async () => {
    await removeContainer(container);
  });

  it('sets every setting in one POST, keeping the metadata it does not name', async () => {
    const request = vi.spyOn(session, 'request');
    const c = await setContainerWebsite(session, REGION, container, {
      index: 'index.html',
      error: 'error.html',
      listings: true,
      listingsCss: 'listing.css',
      allowOrigin: 'https://app.example http://localhost:8080',
      maxAge: '600',
      exposeHeaders: 'X-Object-Meta-Color Content-Length',
    });
    expect(request.mock.calls.map(([, r]) => r.method)).toEqual(['POST', 'HEAD']);
    request.mockRestore();
    expect(c.metadata).toMatchObject({ owner: 'docs team', 'web-index': 'index.html', 'web-listings': 'true' });
    const h = await headers(container);
    expect(Object.fromEntries([...h].filter(([k]) => k.startsWith('x-container-meta-')))).toEqual({
      'x-container-meta-owner': 'docs team',
      'x-container-meta-web-index': 'index.html',
      'x-container-meta-web-error': 'error.html',
      'x-container-meta-web-listings': 'true',
      'x-container-meta-web-listings-css': 'listing.css',
      'x-container-meta-access-control-allow-origin': 'https://app.example http://localhost:8080',
      'x-container-meta-access-control-max-age': '600',
      'x-container-meta-access-control-expose-headers': 'X-Object-Meta-Color Content-Length',
    });
  });

  it('serves the site to an anonymous visitor: index, error page, listing', async () => {
    expect(await anonymous(publicUrl(container))).toMatchObject({ status: 200, body: '<h1>home</h1>' });
    expect(await anonymous(publicUrl(container, 'nope.html'))).toMatchObject({
      status: 404,
      body: '<h1>not here</h1>',
    });
    const listing = await anonymous(publicUrl(container, 'sub/'));
    expect(listing.status).toBe(200);
    expect(listing.body).toContain('<a href="page.txt">page.txt</a>');
    // Found from the container's root: one "../" for the one folder level.
    expect(listing.body).toContain('href="../listing.css"');
  });

  it('answers a preflight for an allowed origin only', async () => {
    const preflight = (origin: string) =>
      anonymous(publicUrl(container, 'index.html'), {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
    const allowed = await preflight('http://localhost:8080');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    expect(allowed.headers.get('access-control-max-age')).toBe('600');
    const other = await preflight('https://elsewhere.example');
    expect(other.status).toBe(401);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const get = await anonymous(publicUrl(container, 'index.html'), { headers: { Origin: 'https://app.example' } });
    expect(get.headers.get('access-control-expose-headers')).toContain('content-length');
  });

  it('refuses a value over the region limit before sending anything', async () => {
    const request = vi.spyOn(session, 'request');
    const origins = Array.from({ length: 20 }, (_, i) => `https://site-${i}.example`).join(' ');
    const err = await setContainerWebsite(session, REGION, container, { allowOrigin: origins }).catch((e) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as StorageError).message).toContain('access-control-allow-origin');
    expect(request.mock.calls.filter(([, r]) => r.method === 'POST')).toEqual([]);
    request.mockRestore();
  });

  it('removes what it is told to, in one POST, and the site is gone', async () => {
    const c = await setContainerWebsite(session, REGION, container, {
      index: null,
      error: null,
      listings: false,
      listingsCss: null,
      allowOrigin: null,
      maxAge: null,
      exposeHeaders: null,
    });
    expect(c.metadata).toEqual({ owner: 'docs team' });
    const h = await headers(container);
    expect([...h.keys()].filter((k) => k.startsWith('x-container-meta-'))).toEqual(['x-container-meta-owner']);
    // With neither index nor listings, staticweb steps aside: the root is Swift's plain listing.
    const root = await anonymous(publicUrl(container));
    expect(root.status).toBe(200);
    expect(root.body.split('\n')).toContain('index.html');
  });
});
