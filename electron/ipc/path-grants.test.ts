import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_REFUSED, FOLDER_REFUSED, PathGrants } from './path-grants';

let work: string;
const at = (...parts: string[]) => path.join(work, ...parts);
/** The error a promise rejects with, as `code: message`. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'granted',
    (err: { code: string; message: string }) => `${err.code}: ${err.message}`,
  );
/** Lets the real-path lookups started by a grant land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeAll(() => {
  // realpath: the tmp folder may itself be reached through a link (macOS /tmp).
  work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-grants-')));
  fs.mkdirSync(at('chosen'));
  fs.writeFileSync(at('chosen', 'a.txt'), 'a');
  fs.writeFileSync(at('chosen', 'neighbour.txt'), 'n');
  fs.writeFileSync(at('secret.txt'), 's');
  fs.mkdirSync(at('downloads'));
  fs.mkdirSync(at('downloads', 'inner'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('PathGrants', () => {
  it('gives back the real path of a granted file, and refuses every other path as forbidden', async () => {
    const grants = new PathGrants();
    grants.grantFiles([at('chosen', 'a.txt')]);
    expect(await grants.requireFile(at('chosen', 'a.txt'))).toBe(at('chosen', 'a.txt'));
    for (const other of [
      '/etc/passwd',
      at('chosen', 'neighbour.txt'),
      // Written out: path.join would tidy these tricks away.
      `${at('chosen')}/../secret.txt`,
      `${at('chosen')}/../chosen/a.txt`, // the same file, but not the path handed out
      `${at('chosen')}/./a.txt`,
      `${at('chosen')}//a.txt`,
      `${at('chosen', 'a.txt')}/`,
      at('chosen'),
      'chosen/a.txt',
    ]) {
      expect(await refusal(grants.requireFile(other)), other).toBe(`forbidden: ${FILE_REFUSED}`);
    }
  });

  it('adds the grant before it returns, so the very next call finds it', async () => {
    const grants = new PathGrants();
    const checked = (grants.grantFiles([at('chosen', 'a.txt')]), grants.requireFile(at('chosen', 'a.txt')));
    expect(await checked).toBe(at('chosen', 'a.txt'));
  });

  it('grants folders apart from files: a file grant is no folder grant, and the reverse', async () => {
    const grants = new PathGrants();
    grants.grantFolder(at('downloads'));
    grants.grantFiles([at('chosen', 'a.txt')]);
    expect(await grants.requireFolder(at('downloads'))).toBe(at('downloads'));
    expect(await refusal(grants.requireFolder(at('downloads', 'inner')))).toBe(`forbidden: ${FOLDER_REFUSED}`);
    expect(await refusal(grants.requireFolder(`${at('downloads', 'inner')}/..`))).toBe(`forbidden: ${FOLDER_REFUSED}`);
    expect(await refusal(grants.requireFolder(at('chosen', 'a.txt')))).toBe(`forbidden: ${FOLDER_REFUSED}`);
    expect(await refusal(grants.requireFile(at('downloads')))).toBe(`forbidden: ${FILE_REFUSED}`);
  });

  it('grants the real path of a chosen symlink too, and refuses the link once it leads elsewhere', async () => {
    const link = at('link-to-a.txt');
    fs.symlinkSync(at('chosen', 'a.txt'), link);
    const grants = new PathGrants();
    grants.grantFiles([link]);
    await settle();
    expect(await grants.requireFile(link)).toBe(at('chosen', 'a.txt'));
    expect(await grants.requireFile(at('chosen', 'a.txt'))).toBe(at('chosen', 'a.txt'));

    // Swapped after the person chose it: the path is the same string, the file is not.
    fs.rmSync(link);
    fs.symlinkSync(at('secret.txt'), link);
    expect(await refusal(grants.requireFile(link))).toMatch(
      /^forbidden: Cirrus may only read files you chose or dropped/,
    );
    expect(await refusal(grants.requireFile(at('secret.txt')))).toBe(`forbidden: ${FILE_REFUSED}`);
  });

  it('refuses a granted file replaced by a symlink, and a folder whose path now leads elsewhere', async () => {
    const file = at('replaced.txt');
    fs.writeFileSync(file, 'mine');
    fs.mkdirSync(at('saves'));
    const grants = new PathGrants();
    grants.grantFiles([file]);
    grants.grantFolder(at('saves'));
    await settle();
    fs.rmSync(file);
    fs.symlinkSync(at('secret.txt'), file);
    fs.rmSync(at('saves'), { recursive: true });
    fs.symlinkSync('/etc', at('saves'));
    expect(await refusal(grants.requireFile(file))).toMatch(/^forbidden: /);
    expect(await refusal(grants.requireFolder(at('saves')))).toMatch(/^forbidden: Cirrus may only save into/);
  });

  it('keeps a grant across a file replaced in place (an editor saving it), with no link', async () => {
    const file = at('edited.txt');
    fs.writeFileSync(file, 'v1');
    const grants = new PathGrants();
    grants.grantFiles([file]);
    fs.writeFileSync(`${file}.tmp`, 'v2');
    fs.renameSync(`${file}.tmp`, file);
    expect(await grants.requireFile(file)).toBe(file);
  });

  it('refuses a granted path that is not a regular file as invalid_input, without opening it', async () => {
    const fifo = at('pipe');
    execFileSync('mkfifo', [fifo]);
    const grants = new PathGrants();
    grants.grantFiles([fifo, at('chosen'), '/dev/null']);
    grants.grantFolder(at('chosen', 'a.txt'));
    const started = performance.now();
    expect(await refusal(grants.requireFile(fifo))).toBe(
      `invalid_input: "${fifo}" is not a regular file (it is a named pipe).`,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await refusal(grants.requireFile(at('chosen')))).toMatch(/^invalid_input: .* \(it is a folder\)\.$/);
    expect(await refusal(grants.requireFile('/dev/null'))).toMatch(/^invalid_input: .* \(it is a device\)\.$/);
    expect(await refusal(grants.requireFolder(at('chosen', 'a.txt')))).toMatch(/^invalid_input: .* is not a folder/);
  });

  it('answers not_found for a granted file that is gone', async () => {
    const file = at('gone.txt');
    fs.writeFileSync(file, 'x');
    const grants = new PathGrants();
    grants.grantFiles([file]);
    fs.rmSync(file);
    expect(await refusal(grants.requireFile(file))).toBe(`not_found: The file "${file}" does not exist.`);
  });

  it('keeps only the most recent grants, a path granted again counting as recent', async () => {
    const files = Array.from({ length: 4 }, (_, i) => at(`kept-${i}.txt`));
    for (const file of files) fs.writeFileSync(file, 'k');
    const grants = new PathGrants(3);
    grants.grantFiles(files.slice(0, 3));
    grants.grantFiles([files[0]!]); // 0 again: now 1 is the oldest
    grants.grantFiles([files[3]!]);
    expect(await refusal(grants.requireFile(files[1]!))).toBe(`forbidden: ${FILE_REFUSED}`);
    for (const i of [0, 2, 3]) expect(await grants.requireFile(files[i]!)).toBe(files[i]);
  });

  it('grants nothing for a relative path', async () => {
    const grants = new PathGrants();
    grants.grantFiles(['chosen/a.txt']);
    expect(await refusal(grants.requireFile('chosen/a.txt'))).toBe(`forbidden: ${FILE_REFUSED}`);
  });
});
