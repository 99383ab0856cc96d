// Streams a tar archive from disk (never whole into memory) and lists its
// members the way Swift's bulk middleware (swift/common/middleware/bulk.py,
// handle_extract_iter, on Python's tarfile) would see them.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { extract as tarExtract, type Header as TarHeader } from 'tar-stream';
import type { ArchiveFormat } from '../../../shared/archive-formats';
import { StorageError } from '../errors';
import { unreadable } from './format';
import { withLocalFile, type LocalFile } from '../local';

export interface ArchiveMember {
  /**
   * The path as Swift names the object after the prefix: one leading "./"
   * and then every leading "/" removed. Bytes that are not UTF-8 show as U+FFFD.
   */
  path: string;
  /** False when the name's bytes are not UTF-8: Swift refuses those (412). */
  validUtf8: boolean;
  bytes: number;
}

export interface ArchiveContents {
  /** Regular files, in archive order: the members that become objects. */
  members: ArchiveMember[];
  /** Directories, links, devices…: bulk.py skips everything `tarfile.isfile()` is false for. */
  skipped: number;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** Python's tarfile `isfile()`: regular ("0" and the old "\0") and contiguous ("7") files. */
const isRegularFile = (type: TarHeader['type'] | null): boolean => type === 'file' || type === 'contiguous-file';

/**
 * A member's name as Swift gets it. tar-stream is told to decode header names
 * as latin1, which keeps every byte, so the UTF-8 check is exact. PAX "path"
 * records are always decoded as UTF-8 by tar-stream, invalid bytes becoming
 * U+FFFD; GNU tar writes a name that is not UTF-8 there as raw bytes, so a
 * U+FFFD in a PAX name is taken as such bytes (a real U+FFFD in a file name
 * is vanishingly rare).
 */
export function memberPath(header: Pick<TarHeader, 'name' | 'pax'>): { path: string; validUtf8: boolean } {
  const pax = header.pax as Record<string, string> | null | undefined;
  let name: string;
  let validUtf8: boolean;
  if (pax?.path !== undefined) {
    name = pax.path;
    validUtf8 = !name.includes('\uFFFD');
  } else {
    const raw = Buffer.from(header.name, 'latin1');
    try {
      name = strictUtf8.decode(raw);
      validUtf8 = true;
    } catch {
      name = lenientUtf8.decode(raw);
      validUtf8 = false;
    }
  }
  // bulk.py: `if obj_path.startswith('./'): obj_path = obj_path[2:]` then `obj_path.lstrip('/')`.
  if (name.startsWith('./')) name = name.slice(2);
  return { path: name.replace(/^\/+/, ''), validUtf8 };
}

/** "bzip2: Data integrity error when decompressing.\n\tInput file = …" → "Data integrity error when decompressing". */
const firstLine = (stderr: string): string =>
  (stderr.split('\n').find((line) => line.trim()) ?? '')
    .replace(/^bzip2: /, '')
    .replace(/\.\s*$/, '')
    .trim();

/**
 * `bzip2 -dc` as a stream: Node has no bzip2, and no npm decompressor is both maintained and
 * streaming. It reads the descriptor already opened and checked, as its stdin, never the path:
 * the file it reads is the one checked (only positional reads came before, so it starts at 0).
 */
function bunzip2(file: LocalFile): Readable {
  const out = new PassThrough();
  // A descriptor as stdin leaves Node's types unsure which streams exist; stdout and stderr are pipes.
  const child = spawn('bzip2', ['-dc'], { stdio: [file.handle.fd, 'pipe', 'pipe'] }) as ChildProcessByStdio<
    null,
    Readable,
    Readable
  >;
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-500);
  });
  child.stdout.pipe(out, { end: false });
  child.on('error', (err: NodeJS.ErrnoException) => {
    out.destroy(
      err.code === 'ENOENT'
        ? new StorageError(
            'unexpected',
            'Previewing a .tar.bz2 archive needs the bzip2 program, which this computer does not have.',
          )
        : err,
    );
  });
  // "close" comes after stdout has ended, so everything it wrote is already in `out`.
  child.on('close', (code) => {
    if (code === 0) out.end();
    else out.destroy(unreadable(`the bzip2 data is damaged: ${firstLine(stderr) || `exit ${code}`}`));
  });
  out.on('close', () => {
    if (child.exitCode === null) child.kill();
  });
  return out;
}

/** Turns a failure of the decompressor or the tar parser into the message a person reads. */
function explain(err: unknown): Error {
  if (err instanceof StorageError) return err;
  const { code, message } = err as NodeJS.ErrnoException;
  if (code === 'Z_BUF_ERROR' || /unexpected end of (file|data)/i.test(message)) {
    return unreadable('it ends too early: the file is truncated', err);
  }
  if (typeof code === 'string' && code.startsWith('Z_')) return unreadable(`the gzip data is damaged: ${message}`, err);
  if (/tar header|header exceeds|invalid header/i.test(message)) {
    return unreadable('a member header is damaged, or the content is not tar data', err);
  }
  if (code !== undefined)
    return new StorageError('not_found', `The archive cannot be read: ${message}.`, { cause: err });
  return unreadable(message, err);
}

/**
 * Options tar-stream reads but its type declarations leave out: names as
 * latin1 (every byte kept), and old V7 headers accepted as Python's tarfile
 * does (each header's checksum still guards against random data).
 */
const EXTRACT_OPTIONS: Parameters<typeof tarExtract>[0] & { filenameEncoding: string; allowUnknownFormat: boolean } = {
  filenameEncoding: 'latin1',
  allowUnknownFormat: true,
};

/** Reads the whole archive once, keeping only names and sizes; a path is opened as a regular file. */
export function readArchive(file: LocalFile | string, format: ArchiveFormat): Promise<ArchiveContents> {
  if (typeof file === 'string') return withLocalFile(file, (opened) => readArchive(opened, format));
  const members: ArchiveMember[] = [];
  let skipped = 0;
  const extract = tarExtract(EXTRACT_OPTIONS);
  extract.on('entry', (header, body, next) => {
    if (isRegularFile(header.type)) members.push({ ...memberPath(header), bytes: header.size });
    else skipped += 1;
    body.on('end', () => next());
    // A member cut short fails its body stream too; the parser reports the same error.
    body.on('error', () => {});
    body.resume(); // the content is not needed: let it flow past
  });
  const stages: (Readable | Transform)[] =
    format === 'tar.bz2'
      ? [bunzip2(file)]
      : format === 'tar.gz'
        ? [file.stream(), zlib.createGunzip()]
        : [file.stream()];
  return new Promise((resolve, reject) => {
    // Not stream.pipeline: the tar parser is a streamx stream, whose late errors
    // (after another stage failed) pipeline would leave unhandled. Every stage
    // keeps an error listener; the first failure settles and tears all down.
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      for (const stage of stages) stage.destroy();
      extract.destroy();
      reject(explain(err));
    };
    for (const stage of stages) stage.on('error', fail);
    extract.on('error', fail);
    extract.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve({ members, skipped });
    });
    let upstream: Readable = stages[0] as Readable;
    for (const stage of stages.slice(1)) upstream = upstream.pipe(stage as Transform);
    upstream.pipe(extract);
  });
}
