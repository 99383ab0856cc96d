import { useState } from 'react';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What signing out now would lose; the caller counts them (metadata/ keeps the drafts, transfers/ the transfers). */
export interface SignOutLosses {
  /** Targets with metadata typed and not saved: the drafts go with the session. */
  drafts: number;
  /** Transfers still running: the main process cancels them. */
  running: number;
  /** Objects edited in place whose last changes Swift lacks: signing out removes the copies. */
  unsavedEdits?: number;
}

/** Sign-out that asks first when it would lose something; with nothing to lose it signs out at once. */
export function useSignOutAsking(signOut: () => void, { drafts, running, unsavedEdits = 0 }: SignOutLosses) {
  const [asking, setAsking] = useState(false);

  const request = () => (drafts > 0 || running > 0 || unsavedEdits > 0 ? setAsking(true) : signOut());
  const losses = [
    drafts > 0 && `unsaved metadata changes on ${plural(drafts, 'item', 'items')} are discarded`,
    running > 0 &&
      `${plural(running, 'transfer', 'transfers')} still running ${running === 1 ? 'is' : 'are'} cancelled`,
    unsavedEdits > 0 &&
      `changes to ${plural(unsavedEdits, 'object', 'objects')} you are editing that have not reached Swift are lost`,
  ].filter(Boolean);

  const dialog = asking ? (
    <Dialog
      role="alertdialog"
      title="Sign out now?"
      onSubmit={() => {
        setAsking(false);
        signOut();
      }}
      onClose={() => setAsking(false)}
      actions={<DialogButtons action="Sign out" danger onCancel={() => setAsking(false)} />}
    >
      <p>If you sign out now, {losses.join(', and ')}.</p>
    </Dialog>
  ) : null;
  return { request, dialog };
}
