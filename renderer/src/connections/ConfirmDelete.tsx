import type { ProfileSummary } from '../../../shared/domain';
import { ErrorMessage } from '../ErrorMessage';
import { Modal } from './Modal';
import { useDeleteProfile } from './queries';

interface Props {
  profile: ProfileSummary;
  onClose: (deleted: boolean) => void;
}

/** Asks before a saved connection (and its saved secret) is deleted. */
export function ConfirmDelete({ profile, onClose }: Props) {
  const remove = useDeleteProfile();
  return (
    <Modal label="Delete connection" role="alertdialog" onClose={() => onClose(false)}>
      <div className="conn-modal-body">
        <h2 className="conn-modal-title">Delete “{profile.name}”?</h2>
        <p className="muted">
          {profile.hasSecret ? 'Its saved password is deleted with it. ' : ''}
          Nothing in the storage account changes.
        </p>
        {remove.isError && <ErrorMessage error={remove.error} title="Could not delete the connection." />}
      </div>
      <div className="conn-modal-actions">
        <button type="button" onClick={() => onClose(false)} disabled={remove.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="confirm-delete"
          autoFocus
          disabled={remove.isPending}
          onClick={() => remove.mutate(profile, { onSuccess: () => onClose(true) })}
        >
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </Modal>
  );
}
