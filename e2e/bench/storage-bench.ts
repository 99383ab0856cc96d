/**
 * `npm run bench`: prints speed and memory figures of the storage client
 * against the real Swift harness. Figures only; no pass or fail.
 *   CIRRUS_BENCH_MIB=1024  size of the transfer file (default 1024)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listContainers } from '../../electron/storage/account';
import { createContainer } from '../../electron/storage/containers';
import { downloadObject } from '../../electron/storage/download';
import { bulkDelete } from '../../electron/storage/objects';
import { uploadFile } from '../../electron/storage/upload';
import { openHarnessSession, uniqueName } from '../../electron/testing/harness-session';
import { measured } from '../../electron/testing/measure';
import { startHarness } from '../../testing/swift/harness';

const MiB = 1024 * 1024;
const size = Number(process.env.CIRRUS_BENCH_MIB ?? 1024) * MiB;

async function writeFile(file: string, bytes: number): Promise<void> {
  const block = Buffer.alloc(MiB);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
  const out = fs.createWriteStream(file);
  for (let written = 0; written < bytes; written += MiB) {
    if (!out.write(block.subarray(0, Math.min(MiB, bytes - written))))
      await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

await startHarness({ quiet: true });
const session = await openHarnessSession();
const region = 'RegionOne';
const container = uniqueName('bench');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-bench-'));
try {
  await createContainer(session, region, container);
  const source = path.join(work, 'payload.bin');
  await writeFile(source, size);
  const mb = size / MiB;

  const up = await measured(() => uploadFile(session, region, { container, name: 'payload.bin', filePath: source }));
  console.log(
    `upload   ${mb} MiB: ${up.seconds} s, ${(mb / up.seconds).toFixed(0)} MiB/s, RSS growth ${up.growthMiB} MiB`,
  );
  const down = await measured(() =>
    downloadObject(session, region, { container, name: 'payload.bin', targetDir: work, fileName: 'back.bin' }),
  );
  console.log(
    `download ${mb} MiB: ${down.seconds} s, ${(mb / down.seconds).toFixed(0)} MiB/s, RSS growth ${down.growthMiB} MiB`,
  );

  const journey = await openHarnessSession('journey');
  let pages = 0;
  let names = 0;
  const listing = await measured(async () => {
    for (let marker: string | undefined = ''; marker !== undefined; pages++) {
      const page = await listContainers(journey, 'RegionTwo', { marker, limit: 1000 });
      names += page.containers.length;
      marker = page.nextMarker;
    }
  });
  console.log(`list containers: ${names} names in ${pages} pages of 1000: ${listing.seconds} s`);
} finally {
  await bulkDelete(session, region, [{ container, name: 'payload.bin' }, { container }]).catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
}
