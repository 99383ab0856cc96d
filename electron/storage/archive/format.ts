// Which kind of archive a file is, from its first bytes (the name can lie).
import { formatFromName, type ArchiveFormat } from '../../../shared/archive-formats';
import { StorageError } from '../errors';
import { withLocalFile, type LocalFile } from '../local';

/** Signatures of files people drop that are not what Swift unpacks, named so the message can say what they are. */
const OTHER_SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: 'a zip archive' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], what: 'an empty zip archive' },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: 'xz-compressed data' },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: 'zstd-compressed data' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a 7-Zip archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21], what: 'a RAR archive' },
  { bytes: [0x4c, 0x5a, 0x49, 0x50], what: 'lzip-compressed data' },
  { bytes: [0x1f, 0x9d], what: 'compress (.Z) data' },
];

const startsWith = (head: Uint8Array, bytes: number[]): boolean => bytes.every((b, i) => head[i] === b);

/**
 * A tar header: "ustar" at offset 257 (POSIX and GNU), or an old V7 header
 * whose checksum adds up (Python's tarfile, and so Swift, reads those too).
 */
function looksLikeTar(head: Uint8Array): boolean {
  if (head.length < 512) return false;
  if (Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar') return true;
  const stored = Number.parseInt(
    Buffer.from(head.subarray(148, 156)).toString('latin1').replace(/\0.*$/, '').trim(),
    8,
  );
  if (!Number.isFinite(stored)) return false;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : (head[i] ?? 0);
  return sum === stored && sum !== 8 * 0x20;
}

export type MagicVerdict = { format: ArchiveFormat } | { problem: string };

/** The format the bytes say, or why the file is not one Swift unpacks. */
export function formatFromMagic(head: Uint8Array): MagicVerdict {
  if (head.length === 0) return { problem: 'the file is empty' };
  if (startsWith(head, [0x1f, 0x8b])) return { format: 'tar.gz' };
  if (startsWith(head, [0x42, 0x5a, 0x68])) return { format: 'tar.bz2' };
  if (looksLikeTar(head)) return { format: 'tar' };
  const other = OTHER_SIGNATURES.find((s) => startsWith(head, s.bytes));
  if (other) return { problem: `it is ${other.what}; Swift unpacks only tar, tar.gz and tar.bz2` };
  return { problem: 'it is neither tar, gzip nor bzip2 data' };
}

/** A sentence for the preview when the name and the content disagree; undefined when they agree. */
export function formatNote(filePath: string, actual: ArchiveFormat): string | undefined {
  const claimed = formatFromName(filePath);
  if (claimed === actual) return undefined;
  if (claimed === undefined) return `The file's name has no archive extension; its content is a ${actual} archive.`;
  return `The file is named like a ${claimed} archive but its content is ${actual}; it will be sent as ${actual}.`;
}

export const unreadable = (why: string, cause?: unknown): StorageError =>
  new StorageError('invalid_input', `This file is not a readable tar archive (${why}).`, { cause });

/**
 * Reads the first block of the file and decides its format; throws invalid_input for anything else.
 * Given a path, opens it as a regular file (local/file.ts: a named pipe is refused, never waited on).
 */
export async function detectFormat(file: LocalFile | string): Promise<ArchiveFormat> {
  if (typeof file === 'string') return withLocalFile(file, detectFormat);
  const head = Buffer.alloc(512);
  const { bytesRead } = await file.handle.read(head, 0, 512, 0);
  const verdict = formatFromMagic(head.subarray(0, bytesRead));
  if ('problem' in verdict) throw unreadable(verdict.problem);
  return verdict.format;
}
