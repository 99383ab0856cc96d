import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { localNameProblem, type LocalNameProblem } from '../../../shared/local-names';
import { StorageError } from '../errors';

/**
 * Turning object names (chosen by whoever wrote to the container) into local
 * file names that cannot land outside the folder the person chose.
 *
 * Naming rule: by default an object is saved under the last segment of its
 * name, as a browser saves a link (`photos/2024/a.jpg` → `a.jpg`). A caller
 * that wants pseudo-folders kept (downloading a whole folder) passes
 * `fileName` as a relative path such as `2024/a.jpg`; its segments become
 * sub-folders. Both `/` and `\` separate segments on every platform, so a name
 * is read the same way wherever Cirrus runs and `a\..\b` cannot climb on Windows.
 */

/** Bytes most file systems allow in one path segment. */
const MAX_SEGMENT_BYTES = 255;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * Invisible characters that reorder the text around them (embeddings,
 * overrides, isolates, marks): a file named `photo\u202Egnp.exe` is shown as
 * `photoexe.png` but is an .exe. They become a visible "_" so the name reads as it is.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const invalid = (message: string): StorageError => new StorageError('invalid_input', message);

/** Cuts a segment to `max` UTF-8 bytes without splitting a character, keeping a short extension. */
export function truncateSegment(segment: string, max = MAX_SEGMENT_BYTES): string {
  if (Buffer.byteLength(segment) <= max) return segment;
  const dot = segment.lastIndexOf('.');
  const ext = dot > 0 && Buffer.byteLength(segment.slice(dot)) <= 32 ? segment.slice(dot) : '';
  let stem = '';
  let bytes = Buffer.byteLength(ext);
  for (const char of segment.slice(0, segment.length - ext.length)) {
    bytes += Buffer.byteLength(char);
    if (bytes > max) break;
    stem += char;
  }
  return stem + ext;
}

/** One segment made safe to use as a file or folder name; '' if nothing usable is left. */
export function cleanSegment(segment: string, platform: NodeJS.Platform = process.platform): string {
  // Control characters (NUL above all, which would cut the path short in C) become "_".
  // eslint-disable-next-line no-control-regex -- matching them is the point
  let s = segment.replace(/[\0-\x1f\x7f]/g, '_').replace(BIDI_CONTROLS, '_');
  if (platform === 'win32') {
    s = s.replace(/[<>:"|?*]/g, '_').replace(/[. ]+$/, '');
    if (WINDOWS_RESERVED.test(s)) s = `_${s}`;
  }
  return truncateSegment(s);
}

/**
 * The path, as segments relative to the target folder, an object is saved
 * under (see the naming rule above). A name this computer cannot hold as it is
 * (shared/local-names.ts: a "." or ".." part, a folder marker, a NUL, a part or
 * a path too long) is refused with the reason, never saved under another name;
 * so is one that leaves no usable name once cleaned. `folder`: the target
 * folder's real path, whose length the path's limit includes.
 */
export function localSegments(
  objectName: string,
  fileName?: string,
  platform: NodeJS.Platform = process.platform,
  folder?: string,
): string[] {
  const local = localNameOf(objectName, fileName);
  const problem = localNameProblem(local, folder === undefined ? {} : { folderBytes: Buffer.byteLength(folder) });
  if (problem) throw unsavableName(fileName ?? objectName, problem);
  const cleaned = local
    .split(/[/\\]+/)
    .map((seg) => cleanSegment(seg, platform))
    .filter((seg) => seg !== '');
  if (cleaned.length === 0) {
    throw invalid(`"${fileName ?? objectName}" gives no usable file name; choose one to save it under.`);
  }
  return cleaned;
}

/** The path under the target folder before clean-up: `fileName`, or else the object name's last segment. */
export const localNameOf = (objectName: string, fileName?: string): string =>
  fileName ?? objectName.split(/[/\\]/).pop() ?? '';

/** Why a name is not saved, as an error whose message begins with the name and gives the reason. */
function unsavableName(name: string, problem: LocalNameProblem): StorageError {
  return invalid(`"${name}" cannot be saved on this computer: ${problem.message}.`);
}

/** `root` joined with `segments`, refused unless it is strictly inside `root` (which must be a real path). */
export function resolveInside(root: string, segments: string[]): string {
  const target = path.resolve(root, ...segments);
  const relative = path.relative(root, target);
  const climbs = relative === '..' || relative.startsWith(`..${path.sep}`);
  if (relative === '' || climbs || path.isAbsolute(relative)) {
    throw invalid(`"${segments.join('/')}" would be saved outside the chosen folder.`);
  }
  return target;
}

const TEMP_SUFFIX = /\.cirrus-part-[0-9a-f]{12}$/;
const tempName = (finalName: string, suffix: string): string =>
  `.${truncateSegment(finalName, MAX_SEGMENT_BYTES - 1 - suffix.length)}${suffix}`;

/** A hidden sibling to write into before the rename: `.<name>.cirrus-part-<random>`, short enough for any file system. */
export function tempNameFor(finalName: string): string {
  return tempName(finalName, `.cirrus-part-${randomBytes(6).toString('hex')}`);
}

/**
 * Whether `candidate` is a name `tempNameFor(finalName)` can give: how a
 * resumed download checks that the partial file it is handed is its own and
 * not some other file in the folder (see download/resume.ts).
 */
export function isTempNameFor(candidate: string, finalName: string): boolean {
  const suffix = TEMP_SUFFIX.exec(candidate)?.[0];
  return suffix !== undefined && candidate === tempName(finalName, suffix);
}
