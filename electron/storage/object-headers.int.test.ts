// An object's browser-facing headers edited against the real Swift harness: one HEAD and one POST,
// read back with a direct HEAD; the metadata, the expiry and the headers not named all stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setObjectHeaders } from './metadata';
import { headObject } from './objects';
import type { StorageSession } from './session';
import { swiftRequest } from '../../testing/swift/swift-direct';
import {
  containerName,
  directPath,
  head,
  openSession,
  putContainer,
  REGION,
  removeContainer,
} from '../../testing/electron/transfers-testkit';

describe('object headers against real Swift', () => {
  let session: StorageSession;
  const container = containerName('headers');
  const deleteAt = String(Math.floor(Date.now() / 1000) + 86_400);

  beforeAll(async () => {
    session = await openSession();
    await putContainer(container);
    const put = await swiftRequest(REGION, 'PUT', directPath(container, 'report.txt'), {
      body: 'numbers',
      headers: {
        'Content-Type': 'text/plain',
        'Content-Disposition': 'inline',
        'Content-Language': 'en',
        'X-Object-Meta-Team': 'finance',
        'X-Delete-At': deleteAt,
      },
    });
    expect(put.status).toBe(201);
  });
  afterAll(() => removeContainer(container));

  it('reads the headers that are set', async () => {
    const info = await headObject(session, REGION, container, 'report.txt');
    expect(info.headers).toEqual({ 'content-disposition': 'inline', 'content-language': 'en' });
  });

  it('sets, changes and removes headers in one POST; metadata, expiry and the rest stay', async () => {
    const info = await setObjectHeaders(session, REGION, container, 'report.txt', {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="report.csv"',
      'cache-control': 'max-age=60',
      'content-language': '',
    });
    expect(info).toMatchObject({
      contentType: 'text/csv; charset=utf-8',
      headers: { 'content-disposition': 'attachment; filename="report.csv"', 'cache-control': 'max-age=60' },
      metadata: { team: 'finance' },
    });
    expect(info.headers).not.toHaveProperty('content-language');
    const stored = (await head(container, 'report.txt')).headers;
    expect({
      type: stored.get('content-type'),
      disposition: stored.get('content-disposition'),
      cache: stored.get('cache-control'),
      language: stored.get('content-language'),
      team: stored.get('x-object-meta-team'),
      deleteAt: stored.get('x-delete-at'),
    }).toEqual({
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="report.csv"',
      cache: 'max-age=60',
      language: null,
      team: 'finance',
      deleteAt,
    });
    expect((await swiftRequest(REGION, 'GET', directPath(container, 'report.txt'))).text).toBe('numbers');
  });
});
