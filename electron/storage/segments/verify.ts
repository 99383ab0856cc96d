import type { VerifyReport } from '../../../shared/domain';
import { expectationFor } from '../download';
import { md5OfRange, withLocalFile, type LocalFile } from '../local';
import { headObjectResponse } from '../objects';
import type { StorageSession } from '../session';
import { ProgressThrottle, type ExpectedPiece, type ProgressListener } from '../transfer-stream';

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * Whether a local file holds exactly what an object in Swift holds, without
 * downloading it: the file is read once and hashed piece
 * by piece against what Swift already knows. A plain object's ETag is its
 * MD5; an SLO's manifest (`?multipart-manifest=get`) lists each segment's
 * MD5; a DLO's segments are its prefix's listing, in order (download/check.ts
 * reads both, as a download checks them). A piece Swift gives no MD5 for (a
 * range of a segment, a nested SLO) is counted as unchecked, not as a match.
 */
export async function verifyObjectAgainstFile(
  session: StorageSession,
  region: string,
  target: { container: string; name: string; filePath: string },
  onProgress?: ProgressListener,
  signal?: AbortSignal,
): Promise<VerifyReport> {
  const { container, name } = target;
  return withLocalFile(target.filePath, async (file) => {
    const head = await headObjectResponse(session, region, container, name, signal);
    const expected = await expectationFor(session, region, { container, name }, head, signal);
    if (expected.length !== undefined && expected.length !== file.size) {
      return {
        outcome: 'differs',
        why: `The file is ${fmt(file.size)} bytes; "${name}" is ${fmt(expected.length)} bytes.`,
      };
    }
    const pieces: ExpectedPiece[] | undefined =
      expected.pieces ?? (expected.md5 ? [{ bytes: file.size, md5: expected.md5 }] : undefined);
    if (!pieces) {
      return { outcome: 'unknown', why: `Swift gives no checksum of "${name}"'s content to compare the file with.` };
    }
    return comparePieces(file, pieces, name, new ProgressThrottle(onProgress, file.size), signal);
  });
}

async function comparePieces(
  file: LocalFile,
  pieces: ExpectedPiece[],
  name: string,
  progress: ProgressThrottle,
  signal: AbortSignal | undefined,
): Promise<VerifyReport> {
  let start = 0;
  let unchecked = 0;
  for (const [i, piece] of pieces.entries()) {
    const end = start + piece.bytes; // exclusive
    if (piece.md5 === undefined) unchecked++;
    else if ((await md5OfRange(file, start, piece.bytes, signal)) !== piece.md5) {
      const where = pieces.length > 1 ? `segment ${fmt(i + 1)} of ${fmt(pieces.length)}, bytes ` : 'bytes ';
      return {
        outcome: 'differs',
        why: `The file differs from "${name}" in ${where}${fmt(start)}–${fmt(Math.max(start, end - 1))}.`,
      };
    }
    start = end;
    progress.update(start);
  }
  progress.finish(start);
  return { outcome: 'same', bytes: start, parts: pieces.length, unchecked };
}
