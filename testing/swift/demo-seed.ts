/**
 * A few samples in the demo tenant (the README's login), written once, when
 * its account is still empty: containers with folders and files to click
 * through, and a small .tar.gz beside the state directory to drag onto a
 * container. Nothing of a person's own is ever overwritten: a non-empty
 * account is left as it is.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HARNESS } from './config';
import { swiftRequest } from './swift-direct';

const who = 'demo' as const;
const SAMPLES: Record<string, Record<string, string>> = {
  photos: {
    '2024/summer/beach.txt': 'A stand-in for a photo: the sand, the sea.\n',
    '2024/summer/hills.txt': 'A stand-in for a photo: green hills.\n',
    '2025/winter/snow.txt': 'A stand-in for a photo: snow on the roofs.\n',
  },
  documents: {
    'README.txt':
      'Welcome to Cirrus. Click through the folders, edit metadata in the details pane,\nand drag the sample archive onto a container to have Swift unpack it.\n',
    'notes/meeting.md': '# Meeting\n\n- try the context menu (right-click)\n- sort by size\n',
    'data/numbers.json': '{ "one": 1, "two": 2, "three": 3 }\n',
  },
  archives: {},
};

/** Where the sample archive is written, for the README to point at. */
export const sampleArchivePath = (): string => path.join(HARNESS.stateDir, 'samples', 'sample-archive.tar.gz');

export async function seedDemo(): Promise<void> {
  const account = `/v1/${HARNESS.users[who].account}`;
  const head = await swiftRequest('RegionOne', 'HEAD', account, { who });
  if (Number(head.headers.get('x-account-container-count') ?? '0') > 0) return;
  for (const [container, objects] of Object.entries(SAMPLES)) {
    await swiftRequest('RegionOne', 'PUT', `${account}/${container}`, { who });
    for (const [name, body] of Object.entries(objects)) {
      const type = name.endsWith('.json') ? 'application/json' : name.endsWith('.md') ? 'text/markdown' : 'text/plain';
      await swiftRequest('RegionOne', 'PUT', `${account}/${container}/${name}`, {
        who,
        body,
        headers: { 'content-type': type },
      });
    }
  }
  writeSampleArchive();
}

function writeSampleArchive(): void {
  const target = sampleArchivePath();
  if (fs.existsSync(target)) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-sample-'));
  for (let i = 1; i <= 5; i++) fs.writeFileSync(path.join(dir, `page-${i}.txt`), `Page ${i} of the sample archive.\n`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const res = spawnSync('tar', ['-czf', target, '-C', dir, '.'], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  if (res.status !== 0) throw new Error(`writing the sample archive failed: ${res.stderr}`);
}
