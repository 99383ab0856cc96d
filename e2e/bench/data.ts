/**
 * The bench makes its own data. Local files live in the data folder and are
 * kept between runs (writing 1 GiB takes a while); their MD5s are computed
 * each run, since that is what every tool's result is checked against.
 */
import { createCipheriv, createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack } from 'tar-stream';

const MiB = 1024 * 1024;

/**
 * Incompressible bytes, the same on every run: AES-CTR of zeros. Random-looking
 * content keeps gzip and any transport compression from flattering anyone.
 */
function* noise(bytes: number, seed: string): Generator<Buffer> {
  const key = createHash('sha256').update(seed).digest();
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  const zeros = Buffer.alloc(MiB);
  for (let left = bytes; left > 0; left -= MiB) yield cipher.update(zeros.subarray(0, Math.min(MiB, left)));
}

export async function md5File(file: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(fs.createReadStream(file, { highWaterMark: MiB }), hash);
  return hash.digest('hex');
}

/**
 * The file's MD5 and the ETag Swift gives it as a large object of `segmentBytes`
 * segments (the MD5 of the segments' MD5s in hex, concatenated: the same for a
 * static manifest and a dynamic one), in one read.
 */
export async function largeObjectSums(file: string, segmentBytes: number): Promise<{ md5: string; etag: string }> {
  const whole = createHash('md5');
  const segments: string[] = [];
  let segment = createHash('md5');
  let inSegment = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: MiB }) as AsyncIterable<Buffer>) {
    whole.update(chunk);
    for (let at = 0; at < chunk.length;) {
      const take = Math.min(chunk.length - at, segmentBytes - inSegment);
      segment.update(chunk.subarray(at, at + take));
      at += take;
      inSegment += take;
      if (inSegment === segmentBytes) {
        segments.push(segment.digest('hex'));
        segment = createHash('md5');
        inSegment = 0;
      }
    }
  }
  if (inSegment > 0) segments.push(segment.digest('hex'));
  return { md5: whole.digest('hex'), etag: createHash('md5').update(segments.join('')).digest('hex') };
}

const complete = (file: string): boolean => fs.existsSync(file);

/** Writes `file` through a temporary name, so an interrupted run never leaves a short file to reuse. */
async function writeOnce(file: string, write: (temp: string) => Promise<void>): Promise<string> {
  if (complete(file)) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.partial`;
  await write(temp);
  fs.renameSync(temp, file);
  return file;
}

/** Where the file of `mib` MiB is kept. */
export const payloadPath = (dir: string, mib: number): string => path.join(dir, `payload-${mib}MiB.bin`);

/** A file of `mib` MiB. */
export const payloadFile = (dir: string, mib: number): Promise<string> =>
  writeOnce(payloadPath(dir, mib), (temp) =>
    pipeline(noise(Math.round(mib * MiB), 'payload'), fs.createWriteStream(temp)),
  );

/** A .tar.gz of `members` files of `bytes` each, `member-000.bin`…, in one folder level. */
export const archiveFile = (dir: string, members: number, bytes: number): Promise<string> =>
  writeOnce(path.join(dir, `archive-${members}x${bytes}.tar.gz`), async (temp) => {
    const tar = pack();
    const writing = pipeline(tar, createGzip({ level: 1 }), fs.createWriteStream(temp));
    for (let i = 0; i < members; i++) {
      const body = Buffer.concat([...noise(bytes, `member-${i}`)]);
      await new Promise<void>((resolve, reject) =>
        tar.entry({ name: `member-${String(i).padStart(3, '0')}.bin`, size: bytes }, body, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
    }
    tar.finalize();
    await writing;
  });

/** A folder of `count` small files of 1 to 16 KiB. */
export async function smallFilesFolder(dir: string, count: number): Promise<string> {
  const folder = path.join(dir, `folder-${count}`);
  if (fs.existsSync(folder) && fs.readdirSync(folder).length === count) return folder;
  fs.rmSync(folder, { recursive: true, force: true });
  const temp = `${folder}.partial`;
  fs.rmSync(temp, { recursive: true, force: true });
  fs.mkdirSync(temp, { recursive: true });
  for (let i = 0; i < count; i++) {
    const bytes = 1024 * (1 + (i % 16));
    fs.writeFileSync(
      path.join(temp, `file-${String(i).padStart(4, '0')}.bin`),
      Buffer.concat([...noise(bytes, `small-${i}`)]),
    );
  }
  fs.renameSync(temp, folder);
  return folder;
}

/** MD5 of every file in a folder, by file name. */
export async function folderMd5s(folder: string): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for (const name of fs.readdirSync(folder)) sums.set(name, await md5File(path.join(folder, name)));
  return sums;
}
