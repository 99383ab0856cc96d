import type { ProfileSummary } from '../../../shared/domain';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { useDeleteProfile } from './queries';

interface Props {
  profile: ProfileSummary;
  onClose: (deleted: boolean) => void;
}

/** Asks before a saved connection (and its saved secret) is deleted. */
export function ConfirmDelete({ profile, onClose }: Props) {
  const remove = useDeleteProfile();
  const cancel = () => onClose(false);
  return (
    <Dialog
      title={`Delete “${profile.name}”?`}
      label="Delete connection"
      role="alertdialog"
      onSubmit={() => remove.mutate(profile, { onSuccess: () => onClose(true) })}
      onClose={cancel}
      busy={remove.isPending}
      actions={
        <DialogButtons
          action="Delete"
          running="Deleting…"
          onCancel={cancel}
          busy={remove.isPending}
          danger
          focusAction
        />
      }
    >
      <p className="muted">
        {profile.hasSecret ? 'Its saved password is deleted with it. ' : ''}
        Nothing in the storage account changes.
      </p>
      {remove.isError && <ErrorMessage error={remove.error} title="Could not delete the connection." />}
    </Dialog>
  );
}
