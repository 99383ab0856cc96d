/**
 * Editing an object in place: the person's own application edits a private copy the main process
 * downloaded, and each save goes back to Swift. What the main process tells the page about each
 * object being edited, and the rules both sides share.
 */
import type { AppError } from './errors';
import { sizeText } from './quotas';

/**
 * `watching`: Swift holds what the file holds (or nothing was saved yet); `uploading`: a save is on
 * its way; `failed`: the last save did not reach Swift, the local copy is kept; `conflict`: the object
 * changed in Swift since it was opened (or last saved), and the person must say what to do.
 */
export type EditingState = 'watching' | 'uploading' | 'failed' | 'conflict';

/** What the person may choose when the object changed in Swift meanwhile. */
export type EditConflictChoice = 'replace' | 'keepBoth' | 'discard';
export const EDIT_CONFLICT_CHOICES = ['replace', 'keepBoth', 'discard'] as const satisfies EditConflictChoice[];

export interface EditingSession {
  /** The main process's id for it; the page names an edit only by this, never by a path. */
  id: string;
  region: string;
  container: string;
  /** The object the saves go to (after "keep both", the numbered one). */
  name: string;
  /** The local file's name, as the editor shows it. */
  fileName: string;
  state: EditingState;
  /** ISO time of the last save that reached Swift; undefined until one did. */
  savedAt: string | undefined;
  /** The local copy holds changes Swift does not have (a save failed, waits, or conflicts). */
  unsaved: boolean;
  /** Why the last save failed (`failed`), or what changed in Swift (`conflict`). */
  error: AppError | undefined;
}

/** The sentence a too-large object is refused with, naming the limit and where it is set. */
export function tooLargeToEdit(name: string, bytes: number, limit: number): string {
  return (
    `"${name}" is ${sizeText(bytes)}; Cirrus edits objects of up to ${sizeText(limit)} in place ` +
    '(the edit size limit in Transfer settings). Download it instead.'
  );
}
