/**
 * The IPC requests of editing an object in place: the main process downloads it into a private
 * folder of the app's data folder, opens it with the system's application for its type, watches
 * it, and uploads each save, never over a change someone else made meanwhile. The page names an
 * edit by its id only; it never sees or names the local path.
 */
import { z } from 'zod';
import { EDIT_CONFLICT_CHOICES, type EditingSession } from '../editing';
import { cancellable, containerName, name, region } from './fields';

const editId = z.string().regex(/^[0-9a-f]{16}$/, 'is not an edit id');

export const requests = {
  /** Downloads the object, opens it in the person's application and watches it; answers the new edit. */
  startEditing: z.strictObject({ ...cancellable, region, container: containerName, name }),
  /** Stops watching and removes the local copy, saved or not (the page asks the person first). */
  stopEditing: z.strictObject({ id: editId }),
  /** The objects being edited, oldest first. */
  listEditing: z.strictObject({}),
  /** What to do with an edit whose object changed in Swift meanwhile. */
  resolveEditConflict: z.strictObject({ id: editId, choice: z.enum(EDIT_CONFLICT_CHOICES) }),
  /** Sends the local copy again after a save failed. */
  retryEditUpload: z.strictObject({ id: editId }),
} as const;

export interface Responses {
  startEditing: EditingSession;
  stopEditing: true;
  listEditing: EditingSession[];
  resolveEditConflict: EditingSession;
  retryEditUpload: EditingSession;
}
