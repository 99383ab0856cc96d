// Against the real Swift harness: the activity log records the requests the storage client really
// sent (status, bytes, Swift's request id), and neither the saved log nor any IPC answer holds the
// token, the password or a temp URL's signature.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../shared/activity';
import { dialogPerson } from '../../testing/electron/dialog-person';
import { harnessCredentials, uniqueName } from '../../testing/electron/harness-session';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest, swiftToken } from '../../testing/swift/swift-direct';
import { createHandlers } from '../ipc/handlers';
import { send } from '../storage/http';
import { ActivityLog } from './activity-log';

const admin = HARNESS.users.admin;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-activity-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the activity log against real Swift', () => {
  const person = dialogPerson(dir);
  const activity = new ActivityLog();
  const handlers = createHandlers({ deps: person.deps, activity });
  const answers: unknown[] = [];
  const call = async (op: keyof typeof handlers, request: unknown) => {
    const answer = await handlers[op](request);
    answers.push(answer);
    return answer;
  };
  const region = 'RegionOne';
  const container = uniqueName('activity');

  it('records each request with its status, bytes and Swift’s request id, and keeps no secret', async () => {
    expect(await call('signIn', harnessCredentials())).toMatchObject({ ok: true });
    expect(await call('createContainer', { region, container })).toMatchObject({ ok: true });
    const missing = await call('headObject', { region, container, name: 'no such/object.txt' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found', status: 404 } });
    const missingId = (missing as { error: { requestId?: string } }).error.requestId;
    expect(missingId).toMatch(/^tx/);

    // A temporary URL's signature in a real request's address (Swift refuses a made-up one: 401).
    const { storageUrl, token } = await swiftToken(region);
    const signature = 'a'.repeat(24) + 'feedface'.repeat(2);
    const signed = await send({
      method: 'GET',
      url: `${storageUrl}/${container}/x?temp_url_sig=${signature}&temp_url_expires=${Math.floor(Date.now() / 1000) + 60}`,
    });
    expect(signed.status).toBe(401);

    const page = (await call('listActivity', {})) as { ok: true; value: { entries: ActivityEntry[]; next: number } };
    const entries = page.value.entries;
    const identity = entries.find((e) => e.path === '/v2.0/tokens');
    expect(identity).toMatchObject({ region: '', method: 'POST', status: 200 });
    expect(identity!.sent).toBeGreaterThan(0);
    expect(identity!.received).toBeGreaterThan(0);
    expect(entries.find((e) => e.method === 'PUT' && e.container === container && !e.object)).toMatchObject({
      region,
      status: 201,
    });
    // The failed HEAD: its status and the id Swift gave it, which the IPC error carried too.
    const head = entries.find((e) => e.method === 'HEAD' && e.object === 'no such/object.txt');
    expect(head).toMatchObject({ region, container, status: 404, requestId: missingId });
    expect(head!.ms).toBeGreaterThan(0);
    // Sent without a region (as a link is opened), so its path is shown whole.
    expect(entries.find((e) => e.path?.endsWith(`/${container}/x`))).toMatchObject({
      status: 401,
      query: expect.stringContaining('temp_url_sig=(hidden)'),
    });

    // The request id is Swift's X-Openstack-Request-Id for that very request.
    const direct = await send({
      method: 'HEAD',
      url: `${storageUrl}/${container}`,
      headers: { 'x-auth-token': token },
    });
    const last = activity.all().at(-1)!;
    expect(last.requestId).toBe(direct.headers.get('x-openstack-request-id'));
    expect(last.status).toBe(204);

    // A body handed back as a stream is counted once it has been read to its end.
    const bytes = 'x'.repeat(5000);
    const accountPath = new URL(storageUrl).pathname;
    expect((await swiftRequest(region, 'PUT', `${accountPath}/${container}/big`, { body: bytes })).status).toBe(201);
    const streamed = await send({
      method: 'GET',
      url: `${storageUrl}/${container}/big`,
      headers: { 'x-auth-token': token },
      stream: true,
    });
    for await (const chunk of streamed.body!) void chunk;
    await expect.poll(() => activity.all().at(-1)?.path).toBe(`${accountPath}/${container}/big`);
    expect(activity.all().at(-1)).toMatchObject({ status: 200, received: 5000, requestId: streamed.requestId });

    // Saved where the person chose, with the failed request in it and no secret.
    const file = path.join(dir, 'activity.txt');
    person.answerSave(file);
    expect(await call('saveActivity', { status: '4xx' })).toEqual({ ok: true, value: { saved: 2 } }); // the HEAD's 404 and the signature's 401;
    const saved = fs.readFileSync(file, 'utf8');
    expect(saved).toMatch(new RegExp(`\tHEAD\t${container}/no such/object\\.txt\\?symlink=get\t404\t`));
    expect(saved).toContain(missingId);
    person.answerSave(path.join(dir, 'all.txt'));
    expect(await call('saveActivity', {})).toMatchObject({ ok: true });
    const all = fs.readFileSync(path.join(dir, 'all.txt'), 'utf8');
    expect(all.split('\n').length).toBeGreaterThan(5);
    // Saved again over the same name: replaced whole, private to the person, and no partial file left beside it.
    person.answerSave(path.join(dir, 'all.txt'));
    expect(await call('saveActivity', { status: '4xx' })).toEqual({ ok: true, value: { saved: 2 } });
    expect(fs.readFileSync(path.join(dir, 'all.txt'), 'utf8')).toBe(saved);
    expect(fs.statSync(path.join(dir, 'all.txt')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.part'))).toEqual([]);

    const wire = JSON.stringify(answers);
    for (const secret of [token, admin.password, signature]) {
      expect(secret.length).toBeGreaterThan(3);
      for (const text of [saved, all, wire]) expect(text).not.toContain(secret);
    }
  });

  it('a cancelled save dialog writes nothing; a clear empties the log', async () => {
    person.answerSave(null);
    expect(await call('saveActivity', {})).toEqual({ ok: true, value: null });
    expect(await call('clearActivity', {})).toEqual({ ok: true, value: true });
    expect(await call('listActivity', {})).toMatchObject({ ok: true, value: { entries: [] } });
    // A container that still holds an object: Swift's 409, then the DELETE that works.
    expect(await call('deleteContainer', { region, container })).toMatchObject({
      ok: false,
      error: { code: 'conflict' },
    });
    const { storageUrl } = await swiftToken(region);
    await swiftRequest(region, 'DELETE', `${new URL(storageUrl).pathname}/${container}/big`);
    expect(await call('deleteContainer', { region, container })).toMatchObject({ ok: true });
    const after = (await call('listActivity', {})) as { ok: true; value: { entries: ActivityEntry[] } };
    const deletes = after.value.entries.filter((e) => e.method === 'DELETE' && e.container === container);
    expect(deletes.map((e) => e.status)).toEqual([409, 204]);
  });
});
