import type { EditConflictChoice, EditingSession } from '../../../shared/editing';
import { numberedNameHint } from './editingText';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';
import { UntrustedName } from '../ui/UntrustedName';
import { useResolveEditConflict } from './queries';

interface Props {
  edit: EditingSession;
  /** Asked later: the row in the transfers panel keeps a button to come back. */
  onLater: () => void;
}

/**
 * The object changed in Swift after it was opened (or last saved): nothing was sent, and the
 * person says whose bytes win. Nothing is overwritten without this answer.
 */
export function EditConflictDialog({ edit, onLater }: Props) {
  const resolve = useResolveEditConflict();
  const choose = (choice: EditConflictChoice) => resolve.mutate({ id: edit.id, choice });
  return (
    <Dialog
      role="alertdialog"
      title={
        <>
          “<UntrustedName name={edit.name} />” changed in Swift
        </>
      }
      label={`${edit.name} changed in Swift`}
      onSubmit={() => choose('keepBoth')}
      onClose={onLater}
      busy={resolve.isPending}
      actions={
        <>
          <button type="button" onClick={onLater} disabled={resolve.isPending}>
            Later
          </button>
          <button type="button" onClick={() => choose('discard')} disabled={resolve.isPending}>
            Discard my edit
          </button>
          <button type="button" className="danger" onClick={() => choose('replace')} disabled={resolve.isPending}>
            Replace theirs
          </button>
          <button type="submit" className="primary" data-autofocus disabled={resolve.isPending}>
            Keep both
          </button>
        </>
      }
    >
      <p>{edit.error?.message ?? 'Someone changed it after you opened it.'} Your save was not sent.</p>
      <ul className="edit-conflict-choices">
        <li>
          <strong>Keep both</strong>: your version goes to “<UntrustedName name={numberedNameHint(edit.name)} />” (or
          the next free number), and you go on editing that one.
        </li>
        <li>
          <strong>Replace theirs</strong>: your version overwrites the change in Swift.
        </li>
        <li>
          <strong>Discard my edit</strong>: your copy is replaced with Swift&apos;s version; reopen it in your editor.
        </li>
      </ul>
      {resolve.isError && <ErrorMessage error={resolve.error} title="That did not work." />}
    </Dialog>
  );
}
