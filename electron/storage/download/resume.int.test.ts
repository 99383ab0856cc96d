// Paused and resumed downloads against the real Swift harness, in the `files`
// tenant. A download is paused by holding its body after a known byte (as a
// stalled network would; see resume-testkit.ts) and cancelling it; the resume
// then runs on a session that only records. What reached Swift is read back
// from Swift's own proxy log (status and bytes sent: the log does not show
// request headers, but a 206 of exactly size − N bytes is `Range: bytes=N-`).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cirrusLog, settledLogSize } from '../../../e2e/fixtures/proxy-log';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { openHarnessSession } from '../../../testing/electron/harness-session';
import {
  filesPath,
  putFilesContainer,
  putFilesObject,
  removeFilesContainers,
  watched,
  WHO,
} from '../../../testing/electron/resume-testkit';
import {
  containerName,
  md5File,
  MiB,
  REGION,
  swiftCliUpload,
  tempDir,
  writeRandomFile,
} from '../../../testing/electron/transfers-testkit';
import { downloadObject, type PartialDownload, type PartialStart } from './download';
import { objectPath } from '../paths';
import type { StorageSession } from '../session';

const md5 = (data: Uint8Array | string): string => createHash('md5').update(data).digest('hex');
const SIZE = 4 * MiB + 5;
/** Where the first attempt is held: inside the second 1 MiB segment of the large objects. */
const HOLD = Math.floor(1.5 * MiB) + 3;
const tree = (dir: string): string[] => (fs.readdirSync(dir, { recursive: true }) as string[]).sort();

describe('pausing and resuming downloads against real Swift', () => {
  let session: StorageSession;
  let work: string;
  let source: Buffer;
  const container = containerName('resume');

  beforeAll(async () => {
    session = await openHarnessSession(WHO);
    work = tempDir('download-resume');
    await putFilesContainer(container);
    const file = path.join(work, 'source.bin');
    await writeRandomFile(file, SIZE, 'resume');
    source = fs.readFileSync(file);
    await putFilesObject(container, 'plain.bin', source);
    await swiftCliUpload(container, file, 'slo.bin', true, { who: WHO });
    await swiftCliUpload(container, file, 'dlo.bin', false, { who: WHO });
  });

  afterAll(async () => {
    await removeFilesContainers(container, `${container}_segments`);
    fs.rmSync(work, { recursive: true, force: true });
  });

  function target(): { parent: string; dir: string } {
    const parent = fs.mkdtempSync(path.join(work, 'parent-'));
    const dir = path.join(parent, 'target');
    fs.mkdirSync(dir);
    return { parent, dir };
  }

  /** Starts downloading `name`, holds it after HOLD bytes, and cancels it once those are in the file. */
  async function pause(name: string, dir: string) {
    const controller = new AbortController();
    const w = watched(session, { path: objectPath(container, name), after: HOLD });
    const starts: PartialStart[] = [];
    const kept: PartialDownload[] = [];
    const download = downloadObject(w.session, REGION, {
      container,
      name,
      targetDir: dir,
      signal: controller.signal,
      onStarted: (s) => void starts.push(s),
      keepPartial: (p) => void kept.push(p),
    });
    await w.held;
    await expect.poll(() => fs.statSync(starts[0]!.tempPath).size).toBe(HOLD);
    controller.abort();
    await expect(download).rejects.toMatchObject({ code: 'cancelled' });
    expect(kept).toEqual([
      {
        tempPath: starts[0]!.tempPath,
        finalPath: path.join(fs.realpathSync(dir), name),
        etag: starts[0]!.etag,
        bytes: HOLD,
        size: SIZE,
        lastModified: expect.stringMatching(/GMT$/),
      },
    ]);
    expect(tree(dir)).toEqual([path.basename(kept[0]!.tempPath)]);
    expect(md5(fs.readFileSync(kept[0]!.tempPath))).toBe(md5(source.subarray(0, HOLD)));
    return kept[0]!;
  }

  /** Where the proxy's log stands now, by offset and by time. */
  async function logMark() {
    return { offset: await settledLogSize(REGION), at: Date.now() / 1000 };
  }

  /**
   * Cirrus's GETs and HEADs of the object itself that Swift began after `since`, as it logged them: the
   * paused GET is logged when its connection closes, as a 499 or (a DLO's) a 200, and on a busy machine
   * after the log seemed settled, so it is told apart by when it began.
   */
  async function logged(name: string, since: { offset: number; at: number }, count: number) {
    const ours = () =>
      cirrusLog(REGION, since.offset).filter(
        (r) => r.path === filesPath(container, name) && r.query.size === 0 && r.status !== 499 && r.start >= since.at,
      );
    await expect.poll(() => ours().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
    return ours().map((r) => ({ method: r.method, status: r.status, bytesSent: r.bytesSent }));
  }

  it.each([
    ['plain.bin', 'a plain object'],
    ['slo.bin', 'an SLO the swift client made'],
    ['dlo.bin', 'a DLO the swift client made'],
  ])('%s (%s): paused mid-way, resumed with a ranged GET of the rest, saved byte for byte', async (name) => {
    const { dir } = target();
    const partial = await pause(name, dir);
    if (name === 'plain.bin') expect(partial.etag).toBe(md5(source));
    else expect(partial.etag).toMatch(/^"[0-9a-f]{32}"$/);

    const since = await logMark();
    const w = watched(session);
    const starts: PartialStart[] = [];
    const kept: PartialDownload[] = [];
    const result = await downloadObject(w.session, REGION, {
      container,
      name,
      targetDir: dir,
      resume: { tempPath: partial.tempPath, etag: partial.etag },
      onStarted: (s) => void starts.push(s),
      keepPartial: (p) => void kept.push(p),
    });
    expect(result).toEqual({ filePath: partial.finalPath, bytes: SIZE });
    expect(await md5File(result.filePath)).toBe(md5(source));
    expect(tree(dir)).toEqual([name]);
    expect(kept).toEqual([]);
    expect(starts).toEqual([
      { tempPath: partial.tempPath, finalPath: partial.finalPath, etag: partial.etag, size: SIZE },
    ]);
    const objectRequests = w.sent.filter((s) => s.path === objectPath(container, name) && !s.query);
    expect(objectRequests).toEqual([
      {
        method: 'HEAD',
        path: objectPath(container, name),
        query: undefined,
        headers: { 'if-match': partial.etag },
        status: 200,
      },
      {
        method: 'GET',
        path: objectPath(container, name),
        query: undefined,
        headers: { range: `bytes=${HOLD}-`, 'if-match': partial.etag },
        status: 206,
      },
    ]);
    expect(await logged(name, since, 2)).toEqual([
      { method: 'HEAD', status: 200, bytesSent: undefined },
      { method: 'GET', status: 206, bytesSent: SIZE - HOLD },
    ]);
  });

  it('an object overwritten while paused: the resume starts again from zero and saves the new content', async () => {
    await putFilesObject(container, 'changing.bin', source);
    const { dir } = target();
    const partial = await pause('changing.bin', dir);
    const newer = Buffer.alloc(3 * MiB + 1, 7);
    const newEtag = await putFilesObject(container, 'changing.bin', newer);

    const since = await logMark();
    const w = watched(session);
    const starts: PartialStart[] = [];
    const result = await downloadObject(w.session, REGION, {
      container,
      name: 'changing.bin',
      targetDir: dir,
      resume: { tempPath: partial.tempPath, etag: partial.etag },
      onStarted: (s) => void starts.push(s),
      keepPartial: () => undefined,
    });
    expect(result.bytes).toBe(newer.length);
    expect(await md5File(result.filePath)).toBe(md5(newer));
    expect(tree(dir)).toEqual(['changing.bin']);
    // The journal learns the new ETag: a later pause would resume the new object.
    expect(starts).toEqual([
      { tempPath: partial.tempPath, finalPath: partial.finalPath, etag: newEtag, size: newer.length },
    ]);
    expect(w.sent.map((s) => [s.method, s.headers, s.status])).toEqual([
      ['HEAD', { 'if-match': partial.etag }, 412],
      ['GET', {}, 200],
    ]);
    expect(await logged('changing.bin', since, 2)).toEqual([
      { method: 'HEAD', status: 412, bytesSent: undefined },
      { method: 'GET', status: 200, bytesSent: newer.length },
    ]);
  });

  it('a partial that already holds the whole object (its final name was taken meanwhile) is finished without a GET', async () => {
    const { dir } = target();
    const mine = path.join(dir, 'plain.bin');
    const kept: PartialDownload[] = [];
    await expect(
      downloadObject(session, REGION, {
        container,
        name: 'plain.bin',
        targetDir: dir,
        // Someone saves a file of that name while Cirrus downloads.
        onStarted: () => fs.writeFileSync(mine, 'mine'),
        keepPartial: (p) => void kept.push(p),
      }),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(kept).toMatchObject([{ bytes: SIZE, size: SIZE, etag: md5(source) }]);
    expect(fs.readFileSync(mine, 'utf8')).toBe('mine');
    fs.rmSync(mine);

    const w = watched(session);
    const resume = { tempPath: kept[0]!.tempPath, etag: kept[0]!.etag };
    const result = await downloadObject(w.session, REGION, { container, name: 'plain.bin', targetDir: dir, resume });
    expect(await md5File(result.filePath)).toBe(md5(source));
    expect(tree(dir)).toEqual(['plain.bin']);
    expect(w.sent.map((s) => [s.method, s.headers, s.status])).toEqual([['HEAD', { 'if-match': md5(source) }, 200]]);
  });

  it('a partial damaged on disk fails the check of the whole file: nothing saved, the partial deleted, not kept', async () => {
    for (const [name, damage] of [
      ['plain.bin', 'checksum mismatch'],
      ['slo.bin', 'part 1 of 5 does not match its checksum'],
    ] as const) {
      const { dir } = target();
      const partial = await pause(name, dir);
      const fd = fs.openSync(partial.tempPath, 'r+');
      fs.writeSync(fd, Buffer.from([source[1000]! ^ 0xff]), 0, 1, 1000);
      fs.closeSync(fd);
      const kept: PartialDownload[] = [];
      await expect(
        downloadObject(session, REGION, {
          container,
          name,
          targetDir: dir,
          resume: partial,
          keepPartial: (p) => void kept.push(p),
        }),
      ).rejects.toMatchObject({ code: 'server', message: expect.stringContaining(damage) });
      expect(kept).toEqual([]);
      expect(tree(dir)).toEqual([]);
    }
  });

  it('refuses a resume path that is not this download’s partial file, writing nothing and asking Swift nothing', async () => {
    const { parent, dir } = target();
    const put = (file: string, text: string) => (fs.writeFileSync(file, text), file);
    const secret = put(path.join(parent, 'secret.txt'), 'secret');
    fs.mkdirSync(path.join(dir, 'sub'));
    const link = path.join(dir, tempNameLike('plain.bin', 'a'));
    fs.symlinkSync(secret, link);
    const hard = path.join(dir, tempNameLike('plain.bin', 'b'));
    fs.linkSync(secret, hard);
    const refused = [
      put(path.join(dir, 'notes.txt'), 'mine'),
      put(path.join(dir, tempNameLike('other.bin', 'c')), 'another download'),
      put(path.join(parent, tempNameLike('plain.bin', 'd')), 'outside the target folder'),
      put(path.join(dir, 'sub', tempNameLike('plain.bin', 'e')), 'in another folder'),
      tempNameLike('plain.bin', 'f'), // relative
      link, // a symlink under the right name
      hard, // a hard link to a file elsewhere under the right name
    ];
    const before = snapshot(parent);
    const w = watched(session);
    const keepPartial = () => {
      throw new Error('nothing to keep');
    };
    for (const tempPath of refused) {
      const resume = { tempPath, etag: md5(source) };
      await expect(
        downloadObject(w.session, REGION, { container, name: 'plain.bin', targetDir: dir, resume, keepPartial }),
        tempPath,
      ).rejects.toMatchObject({ code: 'invalid_input' });
    }
    const badEtag = { tempPath: path.join(dir, tempNameLike('plain.bin', '0')), etag: 'x\r\nX-Other: 1' };
    await expect(
      downloadObject(w.session, REGION, { container, name: 'plain.bin', targetDir: dir, resume: badEtag }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    expect(snapshot(parent)).toEqual(before);
    expect(w.sent).toEqual([]);
  });

  it('Swift 2.30 checks If-Match against an SLO’s and a DLO’s own ETag, but a DLO’s range past its end is 416 whatever If-Match says', async () => {
    const get = async (name: string, range: string, ifMatch: string) =>
      (await fetchStatus(filesPath(container, name), { Range: range, 'If-Match': ifMatch })).status;
    const slo = await fetchStatus(filesPath(container, 'slo.bin'), {}, 'HEAD');
    const sloEtag = slo.headers.get('etag')!;
    expect(sloEtag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await get('slo.bin', `bytes=${HOLD}-`, sloEtag)).toBe(206);
    expect(await get('slo.bin', `bytes=${HOLD}-`, sloEtag.slice(1, -1))).toBe(206);
    expect(await get('slo.bin', `bytes=${HOLD}-`, slo.headers.get('x-manifest-etag')!)).toBe(412);
    expect(await get('slo.bin', `bytes=${SIZE}-`, sloEtag)).toBe(416);
    expect(await get('slo.bin', `bytes=${SIZE}-`, '"nope"')).toBe(412);
    const dloEtag = (await fetchStatus(filesPath(container, 'dlo.bin'), {}, 'HEAD')).headers.get('etag')!;
    expect(dloEtag).toBe(sloEtag); // both are the MD5 of the same segments' MD5s
    expect(await get('dlo.bin', `bytes=${HOLD}-`, dloEtag)).toBe(206);
    expect(await get('dlo.bin', `bytes=${HOLD}-`, '"nope"')).toBe(412);
    expect(await get('dlo.bin', `bytes=${SIZE}-`, '"nope"')).toBe(416);
    expect((await fetchStatus(filesPath(container, 'dlo.bin'), { 'If-Match': '"nope"' }, 'HEAD')).status).toBe(412);
  });
});

/** A name of the shape `tempNameFor` gives, with a chosen suffix. */
const tempNameLike = (finalName: string, hex: string): string => `.${finalName}.cirrus-part-${hex.repeat(12)}`;

/** Every file and link under `dir` with its content or target, to show nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of tree(dir)) {
    const full = path.join(dir, rel);
    const stat = fs.lstatSync(full);
    if (stat.isSymbolicLink()) out[rel] = `-> ${fs.readlinkSync(full)}`;
    else if (stat.isFile()) out[rel] = `${fs.readFileSync(full, 'utf8')} (${stat.nlink} links)`;
    else out[rel] = 'folder';
  }
  return out;
}

const fetchStatus = (urlPath: string, headers: Record<string, string>, method = 'GET') =>
  swiftRequest(REGION, method, urlPath, { headers, who: WHO });
