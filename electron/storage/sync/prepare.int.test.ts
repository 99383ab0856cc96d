// A reviewed plan checked again on the real Swift harness just before it runs: what changed since is skipped
// and named, deletions are done (in Swift and in the folder), uploads and downloads are handed back to queue.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannedAction } from '../../../shared/sync';
import {
  containerName,
  directPath,
  head,
  listObjects,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  swiftCli,
  tempDir,
} from '../../../testing/electron/transfers-testkit';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { getLimits } from '../info';
import type { StorageSession } from '../session';
import { compareFolder } from './compare';
import { prepareSync } from './prepare';

describe('a sync plan checked before it runs', () => {
  let session: StorageSession;
  let dir: string;
  let folder: string;
  const container = containerName('sync-prepare');
  const put = async (name: string, text: string) => {
    const file = path.join(dir, `up-${name}`);
    fs.writeFileSync(file, text);
    await swiftCli(['upload', container, file, '--object-name', `p/${name}`]);
  };
  const local = (name: string, text: string) => fs.writeFileSync(path.join(folder, name), text);
  const inFolder = (name: string) => path.join(folder, ...name.split('/'));
  /** A deletion on this computer of `name`, as the plan saw the file at `at` (inside the folder) now. */
  const deleteLocal = (name: string, at = name): PlannedAction => {
    const stat = fs.statSync(inFolder(at));
    return { name, kind: 'deleteLocal', local: { bytes: stat.size, mtime: stat.mtimeMs / 1000 } };
  };

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('sync-prepare');
    folder = path.join(dir, 'folder');
    fs.mkdirSync(folder);
    await putContainer(container);
    local('new.txt', 'new here');
    local('edited-after.txt', 'first');
    local('local-extra.txt', 'delete me');
    fs.symlinkSync('/etc/hostname', path.join(folder, 'was-a-file.txt'));
    await put('remote-extra.txt', 'delete me too');
    await put('fetch.txt', 'to download');
    await put('changed-there.txt', 'before');
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('changed targets are skipped and named; deletions done; transfers handed back', async () => {
    const seen = await compareFolder(session, REGION, {
      container,
      prefix: 'p/',
      folder,
      excludes: [],
      cacheDir: undefined,
    });
    const entry = (name: string) => seen.entries.find((e) => e.name === name)!;
    const plan = (name: string, kind: PlannedAction['kind'], e = entry(name)): PlannedAction => ({
      name,
      kind,
      ...(e?.local ? { local: e.local } : {}),
      ...(e?.remote ? { remote: { bytes: e.remote.bytes, etag: e.remote.etag } } : {}),
    });
    const actions = [
      plan('new.txt', 'upload'),
      plan('edited-after.txt', 'upload'),
      plan('local-extra.txt', 'deleteLocal', {
        name: 'local-extra.txt',
        kind: 'onlyLocal',
        local: entry('edited-after.txt').local,
      }),
      plan('remote-extra.txt', 'deleteRemote'),
      plan('fetch.txt', 'download'),
      plan('changed-there.txt', 'download'),
      { name: 'was-a-file.txt', kind: 'upload', local: { bytes: 5, mtime: 1 } } as PlannedAction,
      { name: 'a/../../b', kind: 'download', remote: { bytes: 1, etag: 'x' } } as PlannedAction,
    ];
    // Since the plan was made: a file is written again, an object is replaced.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(folder, 'edited-after.txt'), later, later);
    await put('changed-there.txt', 'after!');
    // local-extra.txt's deletion carries edited-after.txt's time, not its own: it is skipped too.

    const prepared = await prepareSync(session, REGION, { container, prefix: 'p/', folder, actions });
    expect(prepared.uploads).toEqual([{ name: 'new.txt', filePath: path.join(folder, 'new.txt'), replaces: false }]);
    expect(prepared.downloads).toEqual([{ name: 'fetch.txt' }]);
    expect(prepared.deleted).toEqual(['remote-extra.txt']);
    expect(Object.fromEntries(prepared.skipped.map((s) => [s.name, s.reason]))).toEqual({
      'edited-after.txt': 'Not done, it changed since the plan was made: the file changed on this computer.',
      'local-extra.txt': 'Not done, it changed since the plan was made: the file changed on this computer.',
      'changed-there.txt': 'Not done, it changed since the plan was made: the object changed in Swift.',
      'was-a-file.txt':
        'Not done, it changed since the plan was made: it is no longer a regular file on this computer.',
      'a/../../b': 'Its name has a "." or ".." part, which on a disk would mean another folder than the one it names.',
    });
    expect(prepared.failed).toEqual([]);
    expect((await listObjects(container, 'p/')).sort()).toEqual(['p/changed-there.txt', 'p/fetch.txt']);
    expect((await head(container, 'p/remote-extra.txt')).status).toBe(404);
    expect(fs.existsSync(path.join(folder, 'local-extra.txt'))).toBe(true);
  });

  it('a deletion on this computer whose file is as the plan saw it is done', async () => {
    local('gone.txt', 'bye');
    const prepared = await prepareSync(session, REGION, {
      container,
      prefix: 'p/',
      folder,
      actions: [deleteLocal('gone.txt')],
    });
    expect(prepared.deleted).toEqual(['gone.txt']);
    expect(fs.existsSync(path.join(folder, 'gone.txt'))).toBe(false);
  });

  it('a deletion that empties folders removes them, up to the chosen folder; a folder still holding a file stays', async () => {
    fs.mkdirSync(inFolder('e/f/g'), { recursive: true });
    fs.mkdirSync(inFolder('k'));
    fs.writeFileSync(inFolder('e/f/g/last.txt'), 'last');
    fs.writeFileSync(inFolder('e/keep.tmp'), 'left out of the plan');
    fs.writeFileSync(inFolder('k/only.txt'), 'only');
    const inK = await prepareSync(session, REGION, {
      container,
      prefix: 'p/',
      folder: inFolder('k'),
      actions: [deleteLocal('only.txt', 'k/only.txt')],
    });
    expect(inK.deleted).toEqual(['only.txt']);
    // The chosen folder itself stays, empty.
    expect(fs.readdirSync(inFolder('k'))).toEqual([]);
    const nested = await prepareSync(session, REGION, {
      container,
      prefix: 'p/',
      folder,
      actions: [deleteLocal('e/f/g/last.txt')],
    });
    expect(nested.deleted).toEqual(['e/f/g/last.txt']);
    expect(fs.existsSync(inFolder('e/f'))).toBe(false);
    expect(fs.readdirSync(inFolder('e'))).toEqual(['keep.tmp']);
  });

  it('a folder Swift holds something under stays though emptied; the way up is the real one, never through a link', async () => {
    // A marker, as "New folder" makes; and an object the plan does not download.
    expect((await swiftRequest(REGION, 'PUT', directPath(container, 'p/m/'), { body: '' })).status).toBe(201);
    expect((await swiftRequest(REGION, 'PUT', directPath(container, 'p/h/in-swift.txt'), { body: 'h' })).status).toBe(
      201,
    );
    for (const name of ['m', 'h']) {
      fs.mkdirSync(inFolder(name));
      fs.writeFileSync(inFolder(`${name}/x.txt`), 'x');
    }
    fs.mkdirSync(inFolder('real'));
    fs.writeFileSync(inFolder('real/y.txt'), 'y');
    fs.symlinkSync(inFolder('real'), inFolder('ln'));
    const prepared = await prepareSync(session, REGION, {
      container,
      prefix: 'p/',
      folder,
      // "ln/y.txt" is no name a compare gives (the walk follows no link): a page that was tampered with.
      actions: [deleteLocal('h/x.txt'), deleteLocal('ln/y.txt'), deleteLocal('m/x.txt')],
    });
    expect(prepared.deleted).toEqual(['h/x.txt', 'ln/y.txt', 'm/x.txt']);
    expect(fs.readdirSync(inFolder('m'))).toEqual([]);
    expect(fs.readdirSync(inFolder('h'))).toEqual([]);
    // The folder the deletion emptied is the link's target, inside the chosen folder; the link is left as it is.
    expect(fs.existsSync(inFolder('real'))).toBe(false);
    expect(fs.lstatSync(inFolder('ln')).isSymbolicLink()).toBe(true);
  });

  it('a target gone or newly there since the plan is skipped and named, never overwritten', async () => {
    const q = path.join(folder, 'q');
    fs.mkdirSync(q);
    const putQ = (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, `q-${name}`), text);
      return swiftCli(['upload', container, path.join(dir, `q-${name}`), '--object-name', `q/${name}`]);
    };
    fs.writeFileSync(path.join(q, 'deleted-here.txt'), 'x');
    await putQ('deleted-there.txt', 'y');
    const seen = await compareFolder(session, REGION, {
      container,
      prefix: 'q/',
      folder: q,
      excludes: [],
      cacheDir: undefined,
    });
    const local = seen.entries.find((e) => e.name === 'deleted-here.txt')!.local!;
    const remote = seen.entries.find((e) => e.name === 'deleted-there.txt')!.remote!;
    const actions: PlannedAction[] = [
      { name: 'deleted-here.txt', kind: 'upload', local },
      { name: 'deleted-there.txt', kind: 'download', remote: { bytes: remote.bytes, etag: remote.etag } },
      { name: 'appeared-there.txt', kind: 'upload', local },
      { name: 'appeared-here.txt', kind: 'download', remote: { bytes: remote.bytes, etag: remote.etag } },
    ];
    // Since the plan was made: each target is deleted, or another one takes its name.
    fs.rmSync(path.join(q, 'deleted-here.txt'));
    await swiftCli(['delete', container, 'q/deleted-there.txt']);
    fs.writeFileSync(path.join(q, 'appeared-here.txt'), 'mine');
    fs.writeFileSync(path.join(q, 'appeared-there.txt'), 'x');
    fs.utimesSync(path.join(q, 'appeared-there.txt'), local.mtime, local.mtime);
    await putQ('appeared-there.txt', 'theirs');

    const prepared = await prepareSync(session, REGION, { container, prefix: 'q/', folder: q, actions });
    const stale = 'Not done, it changed since the plan was made:';
    expect(Object.fromEntries(prepared.skipped.map((s) => [s.name, s.reason]))).toEqual({
      'deleted-here.txt': `${stale} the file is gone from this computer.`,
      'deleted-there.txt': `${stale} the object is gone from Swift.`,
      'appeared-there.txt': `${stale} an object of that name appeared in Swift.`,
      'appeared-here.txt': `${stale} a file of that name appeared on this computer.`,
    });
    expect([prepared.uploads, prepared.downloads, prepared.deleted, prepared.failed]).toEqual([[], [], [], []]);
    expect(fs.readFileSync(path.join(q, 'appeared-here.txt'), 'utf8')).toBe('mine');
  });
  it('an upload whose name Swift would refuse (too long) fails, named; the rest go on', async () => {
    const r = path.join(folder, 'r');
    const deep = Array.from({ length: 5 }, (_, i) => `${i}${'d'.repeat(219)}`).join('/') + '/file.txt';
    fs.mkdirSync(path.join(r, path.dirname(deep)), { recursive: true });
    fs.writeFileSync(path.join(r, deep), 'deep');
    fs.writeFileSync(path.join(r, 'short.txt'), 'short');
    const seen = await compareFolder(session, REGION, {
      container,
      prefix: 'r/',
      folder: r,
      excludes: [],
      cacheDir: undefined,
    });
    const actions = seen.entries.map((e): PlannedAction => ({ name: e.name, kind: 'upload', local: e.local! }));
    const prepared = await prepareSync(session, REGION, { container, prefix: 'r/', folder: r, actions });
    expect(prepared.uploads.map((u) => u.name)).toEqual(['short.txt']);
    const max = (await getLimits(session, REGION)).maxObjectNameLength;
    expect(prepared.failed).toEqual([
      {
        name: deep,
        message: `Swift cannot hold this name: it is ${2 + deep.length} bytes long as an object name and this region allows at most ${max}.`,
      },
    ]);
    // What the check spares the queue: Swift itself refuses the name.
    expect((await swiftRequest(REGION, 'PUT', directPath(container, `r/${deep}`), { body: 'x' })).status).toBe(400);
  });
});
