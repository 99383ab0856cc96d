import { dialog, type BrowserWindow, type MessageBoxSyncOptions } from 'electron';
import type { Edits } from '../editing/edits';

const QUESTION: MessageBoxSyncOptions = {
  type: 'warning',
  buttons: ['Quit and discard them', 'Cancel'],
  defaultId: 1,
  cancelId: 1,
  message: 'Quit with unsaved edits?',
  detail: 'Changes to objects you are editing have not reached Swift. If you quit now, they are discarded.',
};

/**
 * Whether the app may close now: yes when no edit holds changes Swift lacks, or when the person says
 * so. Either way the copies being edited then go with the app; "Cancel" keeps everything as it was.
 */
export function mayCloseWithEdits(window: BrowserWindow, edits: Edits | undefined): boolean {
  if (!edits) return true;
  if (edits.unsaved) {
    const answer = window.isDestroyed()
      ? dialog.showMessageBoxSync(QUESTION)
      : dialog.showMessageBoxSync(window, QUESTION);
    if (answer !== 0) return false;
  }
  edits.discardAllNow();
  return true;
}
