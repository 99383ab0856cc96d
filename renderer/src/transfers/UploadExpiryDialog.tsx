import { useState } from 'react';
import { deleteAtOf, type ExpiryChoice } from '../../../shared/expiry';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { ExpiryPicker } from '../ui/ExpiryPicker';
import { UntrustedName } from '../ui/UntrustedName';
import { useNow } from '../ui/useNow';

interface Props {
  /** Where the files go, e.g. "photos/2024/". */
  place: string;
  onClose: () => void;
  /** The expiry chosen (Unix seconds): the caller asks for the files next. */
  onChoose: (deleteAt: number) => void;
}

/** Uploads that Swift deletes by itself: when, asked before the files are chosen. */
export function UploadExpiryDialog({ place, onClose, onChoose }: Props) {
  const now = useNow();
  const [choice, setChoice] = useState<ExpiryChoice>({ kind: 'days', days: '7' });
  const deleteAt = deleteAtOf(choice, now);

  return (
    <Dialog
      title="Upload with expiry"
      onSubmit={() => {
        // Counted from the moment the person confirms, not from the last tick of the shown clock.
        const at = deleteAtOf(choice, Date.now());
        if (typeof at === 'number') onChoose(at);
      }}
      onClose={onClose}
      actions={<DialogButtons action="Choose files…" onCancel={onClose} disabled={typeof deleteAt !== 'number'} />}
    >
      <p>
        The files you choose next go to <UntrustedName name={place} />, and Swift deletes each of them at the time set
        here. You can change or remove it later in an object’s details.
      </p>
      <ExpiryPicker legend="Delete automatically" neverLabel={null} value={choice} onChange={setChoice} now={now} />
    </Dialog>
  );
}
