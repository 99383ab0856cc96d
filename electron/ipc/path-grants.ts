/**
 * The local paths the renderer may name, because the main process handed them out: the answers
 * of its own file dialogs and the files the person dropped (granted by the preload). The renderer
 * is untrusted: without this, a compromised page could upload `~/.ssh/id_rsa` to Swift or save
 * downloads into any folder, since every local path it sends is otherwise just a string.
 *
 * A grant is the path exactly as handed out: a path the renderer sends is compared as a string,
 * so `/chosen/../etc/passwd` or a neighbour of a chosen file is not granted. The path's real
 * location (realpath) is recorded when it is granted and is granted too; when the path is used,
 * its real location must still be the one recorded, so a symlink swapped after the person chose
 * it leads nowhere new. What the caller opens is that real path.
 *
 * Grants last as long as the main process, on purpose not cleared on sign-out: a person may sign
 * out and in again with a dropped archive's preview still open, and a path granted before is no
 * secret from the page that was shown it. The most recent MAX_GRANTS of each kind are kept.
 */
import fs from 'node:fs';
import nodePath from 'node:path';
import { StorageError } from '../storage/errors';
import { fileError, kindOf, notRegularFile } from '../storage/local';

export const MAX_GRANTS = 10_000;
export const FILE_REFUSED = 'Cirrus may only read files you chose or dropped.';
export const FOLDER_REFUSED = 'Cirrus may only save into a folder you chose.';

/** A granted path, by the path handed out, to its real location when it was granted. */
type Grants = Map<string, Promise<string>>;
type Kind = 'file' | 'folder';

export class PathGrants {
  readonly #files: Grants = new Map();
  readonly #folders: Grants = new Map();
  readonly #limit: number;

  constructor(limit = MAX_GRANTS) {
    this.#limit = limit;
  }

  /**
   * Grants files the person chose or dropped. The grant itself is added before this returns
   * (synchronously), so a call that arrives next finds it; only the real path comes later.
   */
  grantFiles(paths: readonly string[]): void {
    for (const path of paths) this.#grant(this.#files, path);
  }

  /** Grants a folder the person chose to save into (download.ts keeps each download inside it). */
  grantFolder(path: string): void {
    this.#grant(this.#folders, path);
  }

  /** The real path of a granted regular file; `forbidden` when not granted, `invalid_input` when not a file. */
  async requireFile(path: string): Promise<string> {
    const real = await this.#require(this.#files, path, FILE_REFUSED, 'file');
    // A first look before anything is sent; the reader checks again on the descriptor it opens.
    const stat = await statOf(real, 'file');
    if (!stat.isFile()) throw notRegularFile(path, stat);
    return real;
  }

  /** The real path of a granted folder; `forbidden` when not granted, `invalid_input` when not a folder. */
  async requireFolder(path: string): Promise<string> {
    const real = await this.#require(this.#folders, path, FOLDER_REFUSED, 'folder');
    const stat = await statOf(real, 'folder');
    if (!stat.isDirectory())
      throw new StorageError('invalid_input', `"${path}" is not a folder (it is ${kindOf(stat)}).`);
    return real;
  }

  #grant(grants: Grants, path: string): void {
    // Dialogs and webUtils give absolute paths; anything else is no grant (and the schema refuses it).
    if (!nodePath.isAbsolute(path)) return;
    // Resolved now, synchronously: where the path points at the moment it was chosen is the grant. (An
    // asynchronous realpath could finish after a swap of the link and grant the new target instead.)
    let resolved = path; // missing now: it must not become a link later
    try {
      resolved = fs.realpathSync.native(path);
    } catch {
      // keep the path as given
    }
    this.#add(grants, path, Promise.resolve(resolved));
    if (resolved !== path) this.#add(grants, resolved, Promise.resolve(resolved));
  }

  #add(grants: Grants, path: string, real: Promise<string>): void {
    grants.delete(path); // granted again: it becomes the most recent
    grants.set(path, real);
    for (const oldest of grants.keys()) {
      if (grants.size <= this.#limit) break;
      grants.delete(oldest);
    }
  }

  async #require(grants: Grants, path: string, refused: string, what: Kind): Promise<string> {
    const granted = grants.get(path);
    if (granted === undefined) throw new StorageError('forbidden', refused);
    const [then, now] = await Promise.all([granted, realPathOf(path, what)]);
    if (now !== then) {
      throw new StorageError('forbidden', `${refused} "${path}" now leads somewhere else than when it was chosen.`);
    }
    return now;
  }
}

async function realPathOf(path: string, what: Kind): Promise<string> {
  try {
    return await fs.promises.realpath(path);
  } catch (err) {
    throw fileError(path, err, what);
  }
}

async function statOf(path: string, what: Kind): Promise<fs.Stats> {
  try {
    // stat, not open: looking at a named pipe cannot block.
    return await fs.promises.stat(path);
  } catch (err) {
    throw fileError(path, err, what);
  }
}
