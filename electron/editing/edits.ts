/**
 * The objects being edited in place in this app, by id: starting an edit (checked, downloaded,
 * opened in the person's application), and stopping one or all of them. The page names an edit by
 * its id only: every path here is one this module made.
 */
import { tooLargeToEdit, type EditConflictChoice, type EditingSession } from '../../shared/editing';
import type { TransferSettings } from '../../shared/transfer-settings';
import { StorageError } from '../storage/errors';
import type { StorageSession } from '../storage/session';
import { errorWithoutPath, newCopyFolder, removeCopyFolder, removeLeftoverFolders } from './copies';
import { EditSession } from './edit-session';
import { swiftEditStorage } from './edit-storage';

export interface EditsHost {
  userDataDir: string;
  /** The signed-in session; throws `not_signed_in` without one. */
  session(): StorageSession;
  settings(): Promise<TransferSettings>;
  /** Opens the copy with the system's application for its type; answers '' or why it could not. */
  openPath(filePath: string): Promise<string>;
  /** Tells the page about every edit, after any of them changed. */
  changed(sessions: EditingSession[]): void;
  quietMs?: number;
}

/**
 * The data folders whose earlier run's leftovers were removed, once per process before its first
 * copy: not per Edits, since each window has its own and another window's copies are this run's.
 */
const swept = new Set<string>();

export class Edits {
  readonly #host: EditsHost;
  readonly #edits = new Map<string, EditSession>();

  constructor(host: EditsHost) {
    this.#host = host;
  }

  list(): EditingSession[] {
    return [...this.#edits.values()].map((edit) => edit.view());
  }

  /** Whether any edit holds changes Swift does not have (quitting would lose them). */
  get unsaved(): boolean {
    return [...this.#edits.values()].some((edit) => edit.unsaved);
  }

  async start(region: string, container: string, name: string, signal?: AbortSignal): Promise<EditingSession> {
    const started = this.#host.session();
    // Saves go to the account the edit was opened in, or nowhere: never to whoever signed in since.
    const session = () => {
      const now = this.#host.session();
      if (now !== started) {
        throw new StorageError(
          'not_signed_in',
          'You signed in again since this edit began: stop editing, then open it again.',
        );
      }
      return now;
    };
    const open = [...this.#edits.values()].find(
      (edit) => edit.region === region && edit.container === container && edit.name === name,
    );
    if (open) return this.#open(open);
    const storage = swiftEditStorage(session, region, container, () => this.#host.settings());
    const like = await storage.head(name, signal);
    if (!like) throw new StorageError('not_found', `The object "${name}" does not exist in container "${container}".`);
    if (like.manifest === 'symlink') {
      throw new StorageError('invalid_input', `"${name}" is a link: edit the object it points to instead.`);
    }
    // Read at each start: a limit changed in Transfer settings applies to the next edit.
    const { editLimit } = await this.#host.settings();
    if (like.bytes > editLimit) throw new StorageError('limit_exceeded', tooLargeToEdit(name, like.bytes, editLimit));
    if (!swept.has(this.#host.userDataDir)) {
      swept.add(this.#host.userDataDir);
      await removeLeftoverFolders(this.#host.userDataDir, new Set(this.#edits.keys()));
    }
    const folder = await newCopyFolder(this.#host.userDataDir);
    let edit: EditSession;
    try {
      edit = await EditSession.open(
        { folder, region, container, storage, onChange: () => this.#changed(), quietMs: this.#host.quietMs },
        like,
        signal,
      );
    } catch (err) {
      await removeCopyFolder(folder.dir);
      const { code, message, status, requestId } = errorWithoutPath(err, folder.dir);
      throw new StorageError(code, message, { status, requestId });
    }
    this.#edits.set(edit.id, edit);
    return this.#open(edit);
  }

  async stop(id: string): Promise<void> {
    const edit = this.#get(id);
    this.#edits.delete(id);
    await edit.stop();
    this.#changed();
  }

  /** Signing out: every edit stops and its copy goes (the page asked first when one was unsaved). */
  async stopAll(): Promise<void> {
    const all = [...this.#edits.values()];
    this.#edits.clear();
    await Promise.all(all.map((edit) => edit.stop()));
    if (all.length > 0) this.#changed();
  }

  /** Quitting: every copy goes now (the person was asked first when one held unsaved changes). */
  discardAllNow(): void {
    for (const edit of this.#edits.values()) edit.discardNow();
    this.#edits.clear();
  }

  resolve(id: string, choice: EditConflictChoice): Promise<EditingSession> {
    return this.#get(id).resolve(choice);
  }

  retry(id: string): Promise<EditingSession> {
    return this.#get(id).retry();
  }

  /** Hands the copy to the person's application; an edit nothing can open is stopped again. */
  async #open(edit: EditSession): Promise<EditingSession> {
    const problem = await this.#host.openPath(edit.filePath);
    if (problem) {
      if (!edit.unsaved) await this.stop(edit.id);
      throw new StorageError('unexpected', `No application could open "${edit.view().fileName}": ${problem}`);
    }
    this.#changed();
    return edit.view();
  }

  #get(id: string): EditSession {
    const edit = this.#edits.get(id);
    if (!edit) throw new StorageError('not_found', 'This object is no longer being edited.');
    return edit;
  }

  #changed(): void {
    this.#host.changed(this.list());
  }
}
