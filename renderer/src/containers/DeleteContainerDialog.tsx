import { isApiError } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes, formatCountOf } from '../ui/format';
import { useTransfers } from '../transfers/TransfersProvider';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { UntrustedName } from '../ui/UntrustedName';
import { useContainerFigures } from '../cache/queries';
import { useDeleteContainer } from './queries';

interface Props {
  region: string;
  container: string;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Deleting a container. Its count is read afresh when the dialog opens; a
 * container with objects is offered emptying first, with the count in view.
 * Emptying can take long (a container may hold millions of objects), so it
 * runs in the main process as a transfer: the dialog closes, and the
 * transfers panel shows its progress and can cancel it.
 */
export function DeleteContainerDialog({ region, container, onClose, onDeleted }: Props) {
  const figures = useContainerFigures(region, container, { fresh: true });
  const remove = useDeleteContainer(region);
  const transfers = useTransfers();

  const objectCount = figures.data?.objectCount ?? 0;
  // Swift may still have objects the HEAD did not count yet: its refusal makes the same offer.
  const needsEmptying = objectCount > 0 || isApiError(remove.error, 'conflict');
  const busy = remove.isPending;

  function submit() {
    if (figures.isPending) return;
    if (!needsEmptying) {
      remove.mutate(container, { onSuccess: onDeleted });
      return;
    }
    const request = { kind: 'empty', region, container, thenDelete: true } as const;
    void transfers.start(request, `Empty and delete ${container}`).then((done) => {
      if (done.emptied?.containerDeleted) onDeleted();
    });
    onClose();
  }

  return (
    <Dialog
      title={
        <>
          Delete container “<UntrustedName name={container} />
          ”?
        </>
      }
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      actions={
        <DialogButtons
          action={needsEmptying ? 'Empty and delete' : 'Delete'}
          running="Deleting…"
          onCancel={onClose}
          busy={busy}
          disabled={figures.isPending}
          danger
        />
      }
    >
      {figures.isPending ? (
        <p role="status">Checking what it holds…</p>
      ) : figures.isError ? (
        <ErrorMessage
          title="Could not read the container."
          error={figures.error}
          onRetry={() => void figures.refetch()}
          retrying={figures.isFetching}
        />
      ) : needsEmptying ? (
        <p>
          It holds {formatCountOf(objectCount, 'object')}
          {figures.data ? ` (${formatBytes(figures.data.bytesUsed)})` : ''}. They will be deleted first; this cannot be
          undone.
        </p>
      ) : (
        <p>It is empty. This cannot be undone.</p>
      )}
      {remove.isError && <ErrorMessage title="Could not delete the container." error={remove.error} />}
    </Dialog>
  );
}
