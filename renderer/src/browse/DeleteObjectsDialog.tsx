import { ErrorMessage } from '../ErrorMessage';
import { formatCount, formatCountOf } from '../format';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { UntrustedName } from '../ui/UntrustedName';
import { useDeleteObjects } from './queries';

interface Props {
  region: string;
  container: string;
  names: readonly string[];
  onClose: () => void;
  onDeleted: () => void;
}

/** How many names the confirmation lists before "and N more". */
const SHOWN = 5;

export function DeleteObjectsDialog({ region, container, names, onClose, onDeleted }: Props) {
  const remove = useDeleteObjects(region);
  const busy = remove.isPending;

  return (
    <Dialog
      title={`Delete ${formatCountOf(names.length, 'object')}?`}
      onSubmit={() => remove.mutate({ container, names: [...names] }, { onSuccess: onDeleted })}
      onClose={onClose}
      busy={busy}
      actions={<DialogButtons action="Delete" running="Deleting…" onCancel={onClose} busy={busy} danger />}
    >
      <ul className="dialog-names">
        {names.slice(0, SHOWN).map((name) => (
          <li key={name}>
            <UntrustedName name={name} />
          </li>
        ))}
      </ul>
      {names.length > SHOWN && <p className="muted">and {formatCount(names.length - SHOWN)} more.</p>}
      <p>This cannot be undone.</p>
      {remove.isError && <ErrorMessage title="Not everything was deleted." error={remove.error} />}
    </Dialog>
  );
}
