import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';

/** Asks before an upload that the container's quota would refuse; Cancel starts nothing. */
export function QuotaWarningDialog({ warning, onDone }: { warning: string; onDone: (go: boolean) => void }) {
  return (
    <Dialog
      role="alertdialog"
      title="Over the container’s quota"
      onSubmit={() => onDone(true)}
      onClose={() => onDone(false)}
      actions={<DialogButtons action="Upload anyway" onCancel={() => onDone(false)} />}
    >
      <p>{warning}</p>
      <p>Upload anyway?</p>
    </Dialog>
  );
}
