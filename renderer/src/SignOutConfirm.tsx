import { useState } from 'react';
import { useUnsavedDraftCount } from './details/draftStore';
import { useTransferList } from './transfers/TransfersProvider';
import { Dialog } from './ui/Dialog';
import { DialogButtons } from './ui/DialogButtons';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Sign-out that asks first when it would lose something: metadata typed and
 * not saved (the drafts go with the session) or transfers still running (the
 * main process cancels them). With nothing to lose it signs out at once.
 */
export function useSignOutAsking(signOut: () => void) {
  const drafts = useUnsavedDraftCount();
  const running = useTransferList().filter((t) => t.state === 'running').length;
  const [asking, setAsking] = useState(false);

  const request = () => (drafts > 0 || running > 0 ? setAsking(true) : signOut());
  const losses = [
    drafts > 0 && `unsaved metadata changes on ${plural(drafts, 'item', 'items')} are discarded`,
    running > 0 &&
      `${plural(running, 'transfer', 'transfers')} still running ${running === 1 ? 'is' : 'are'} cancelled`,
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
