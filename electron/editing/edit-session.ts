/**
 * One object being edited: its private copy, the watch on it, and each save sent to Swift in turn.
 * Everything an edit does (a save, a retry, the person's answer to a conflict) runs in one queue, so
 * two never race over the copy or the ETag it was last in step with.
 */
import path from 'node:path';
import type { ObjectInfo } from '../../shared/domain';
import type { EditConflictChoice, EditingSession, EditingState } from '../../shared/editing';
import type { AppError } from '../../shared/errors';
import { StorageError } from '../storage/errors';
import { errorWithoutPath, removeCopyFolder, removeCopyFolderNow, type CopyFolder } from './copies';
import { conflictWith } from './conflict';
import type { EditStorage } from './edit-storage';
import { changedContent, fingerprintOf, type Fingerprint } from './saved-content';
import { watchSaves, type SaveWatch } from './watch-saves';

export interface EditSessionOptions {
  folder: CopyFolder;
  region: string;
  container: string;
  storage: EditStorage;
  /** Called after anything the page shows of this edit changed. */
  onChange: () => void;
  quietMs?: number;
}

export class EditSession {
  readonly id: string;
  readonly region: string;
  readonly container: string;
  readonly filePath: string;
  #name: string;
  #opts: EditSessionOptions;
  /** The object as it was opened: its type, metadata and expiry go with each save. */
  #like: ObjectInfo;
  /** The ETag Swift's object had when the copy was last in step with it. */
  #etag: string;
  /** What the copy held then. */
  #saved: Fingerprint;
  #state: EditingState = 'watching';
  #savedAt: string | undefined;
  #unsaved = false;
  #error: AppError | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #watch: SaveWatch | undefined;
  #stopped = false;

  private constructor(opts: EditSessionOptions, like: ObjectInfo, filePath: string, etag: string, saved: Fingerprint) {
    this.#opts = opts;
    this.id = opts.folder.id;
    this.region = opts.region;
    this.container = opts.container;
    this.filePath = filePath;
    this.#name = like.name;
    this.#like = like;
    this.#etag = etag;
    this.#saved = saved;
  }

  /** Downloads the object into the edit's folder and starts watching the copy. */
  static async open(opts: EditSessionOptions, like: ObjectInfo, signal?: AbortSignal): Promise<EditSession> {
    const got = await opts.storage.download(like.name, opts.folder.dir, { signal });
    const edit = new EditSession(opts, like, got.filePath, got.etag || like.etag, await fingerprintOf(got.filePath));
    edit.#watch = watchSaves(got.filePath, () => void edit.#run(() => edit.#check()), {
      quietMs: opts.quietMs,
      onError: (err) => edit.#fail(err),
    });
    return edit;
  }

  get name(): string {
    return this.#name;
  }

  /** Swift lacks something the copy holds, or is being sent it. */
  get unsaved(): boolean {
    return this.#unsaved || this.#state === 'uploading';
  }

  view(): EditingSession {
    return {
      id: this.id,
      region: this.region,
      container: this.container,
      name: this.#name,
      fileName: path.basename(this.filePath),
      state: this.#state,
      savedAt: this.#savedAt,
      unsaved: this.unsaved,
      error: this.#error,
    };
  }

  /** Sends the copy again after a failed save (still only over the ETag it was in step with). */
  retry(): Promise<EditingSession> {
    return this.#run(async () => {
      if (this.#state !== 'failed') return;
      await this.#send(this.#name, true);
    });
  }

  /** The person's answer to a conflict: send over Swift's change, send beside it, or take Swift's. */
  resolve(choice: EditConflictChoice): Promise<EditingSession> {
    return this.#run(async () => {
      if (this.#state !== 'conflict') {
        throw new StorageError('invalid_input', `"${this.#name}" has no change in Swift to decide about.`);
      }
      if (choice === 'replace') await this.#send(this.#name, false);
      else if (choice === 'keepBoth') await this.#send(await this.#opts.storage.freeName(this.#name), false);
      else await this.#takeSwifts();
    });
  }

  /** Stops watching, lets what runs finish, and removes the copy and its folder. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#watch?.close();
    await this.#queue.catch(() => undefined);
    await removeCopyFolder(this.#opts.folder.dir);
  }

  /** The app is quitting and the person agreed: no more saves, and the copy goes before the process does. */
  discardNow(): void {
    this.#stopped = true;
    this.#watch?.close();
    removeCopyFolderNow(this.#opts.folder.dir);
  }

  /** Runs `work` after everything queued before it; answers the edit as it then is. */
  #run(work: () => Promise<void>): Promise<EditingSession> {
    const run = this.#queue.then(() => (this.#stopped ? undefined : work()));
    this.#queue = run.catch(() => undefined);
    return run.then(() => this.view());
  }

  /** A save of the copy: sent when its bytes changed; while a conflict waits, only noted. */
  async #check(): Promise<void> {
    let changed: Fingerprint | undefined;
    try {
      changed = await changedContent(this.filePath, this.#saved);
    } catch (err) {
      // Some editors save by deleting the file and writing it again: its next event is the save.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      return this.#fail(err);
    }
    if (!changed) return;
    if (this.#state === 'conflict') {
      this.#unsaved = true; // the answer to the conflict sends these bytes too
      return;
    }
    await this.#send(this.#name, true);
  }

  /** Sends the copy as `name`; with `checkFirst`, only over the ETag the copy was in step with. */
  async #send(name: string, checkFirst: boolean): Promise<void> {
    this.#set('uploading', undefined);
    try {
      const now = await this.#opts.storage.head(name);
      const conflict = checkFirst ? conflictWith(name, this.#etag, now) : undefined;
      if (conflict) {
        this.#unsaved = true;
        return this.#set('conflict', conflict);
      }
      // The fingerprint before the bytes are read: a write during the upload moves the time again.
      const before = await fingerprintOf(this.filePath);
      const sent = await this.#opts.storage.upload(name, this.filePath, now ?? this.#like);
      this.#name = name;
      this.#etag = sent.etag;
      // A plain object's ETag is the MD5 of the bytes Swift stored, whatever the file holds now.
      this.#saved = sent.plain ? { ...before, md5: sent.etag } : before;
      this.#savedAt = new Date().toISOString();
      this.#unsaved = false;
      this.#set('watching', undefined);
    } catch (err) {
      this.#fail(err);
    }
  }

  /** "Discard my edit": the copy is written again from Swift's object, and editing goes on from it. */
  async #takeSwifts(): Promise<void> {
    const now = await this.#opts.storage.head(this.#name);
    if (!now) {
      throw new StorageError('not_found', `"${this.#name}" is gone from Swift: keep your copy, or stop editing.`);
    }
    const got = await this.#opts.storage.download(this.#name, this.#opts.folder.dir, {
      fileName: path.basename(this.filePath),
      overwrite: true,
    });
    this.#like = now;
    this.#etag = got.etag || now.etag;
    this.#saved = await fingerprintOf(this.filePath);
    this.#unsaved = false;
    this.#set('watching', undefined);
  }

  #fail(err: unknown): void {
    this.#unsaved = true;
    this.#set('failed', errorWithoutPath(err, this.#opts.folder.dir));
  }

  #set(state: EditingState, error: AppError | undefined): void {
    this.#state = state;
    this.#error = error;
    if (!this.#stopped) this.#opts.onChange();
  }
}
