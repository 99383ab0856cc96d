import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, TransferJournal, type JournalEntry } from './transfer-journal';

const dirs: string[] = [];
const appData = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-journal-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const entry = (id: string, over: Partial<JournalEntry> = {}): JournalEntry => ({
  id,
  account: 'http://127.0.0.1:18081/v1/AUTH_files',
  request: { kind: 'upload', region: 'RegionOne', container: 'c', name: `${id}.bin`, filePath: `/home/p/${id}.bin` },
  state: 'running',
  done: 0,
  ...over,
});

describe('the transfer journal', () => {
  it('keeps entries across instances, as a new app process would read them', async () => {
    const dir = appData();
    const first = new TransferJournal(dir);
    await first.put(entry('a'));
    await first.put(entry('b'));
    await first.patch('a', {
      state: 'paused',
      done: 3,
      layout: { stamp: '1.000000', segmentSize: 1, count: 4, fileSize: 4 },
    });
    await first.remove('b');
    const second = new TransferJournal(dir);
    expect(await second.entries()).toEqual([
      entry('a', { state: 'paused', done: 3, layout: { stamp: '1.000000', segmentSize: 1, count: 4, fileSize: 4 } }),
    ]);
  });

  it('writes many changes as few whole files, the last state winning, and leaves no temporary file', async () => {
    const dir = appData();
    const journal = new TransferJournal(dir);
    await journal.put(entry('a'), { durable: true });
    await Promise.all(Array.from({ length: 50 }, (_, i) => journal.patch('a', { done: i })));
    await journal.flushed();
    expect(await new TransferJournal(dir).get('a')).toMatchObject({ done: 49 });
    expect(fs.readdirSync(dir)).toEqual([JOURNAL_FILE]);
  });

  it('writes nothing for a transfer that ends before it is worth resuming, and writes it once it is', async () => {
    const dir = appData();
    const journal = new TransferJournal(dir);
    await journal.put(entry('quick'));
    await journal.patch('quick', { done: 5 });
    await journal.remove('quick');
    await journal.put(entry('long'));
    await journal.flushed();
    expect(fs.readdirSync(dir)).toEqual([]);
    await journal.persist('long');
    expect(await new TransferJournal(dir).entries()).toEqual([entry('long')]);
    await journal.put(entry('stopped'));
    await journal.patch('stopped', { state: 'failed' });
    expect((await new TransferJournal(dir).entries()).map((e) => e.id)).toEqual(['long', 'stopped']);
  });

  it('starts empty from a missing or damaged file, and drops entries the contract would refuse', async () => {
    expect(await new TransferJournal(appData()).entries()).toEqual([]);
    const dir = appData();
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), '{"half": [');
    expect(await new TransferJournal(dir).entries()).toEqual([]);
    fs.writeFileSync(
      path.join(dir, JOURNAL_FILE),
      JSON.stringify([
        entry('good'),
        entry('slash', { request: { ...entry('x').request, container: 'a/b' } }),
        entry('no-kind', { request: { ...entry('x').request, kind: 'delete' } as never }),
        { ...entry('bad-state'), state: 'exploded' },
        'not an entry',
      ]),
    );
    expect((await new TransferJournal(dir).entries()).map((e) => e.id)).toEqual(['good']);
  });

  it('leaves an entry removed meanwhile removed when a late change arrives', async () => {
    const journal = new TransferJournal(appData());
    await journal.put(entry('a'));
    await journal.remove('a');
    await journal.patch('a', { done: 9 });
    expect(await journal.entries()).toEqual([]);
  });
});
