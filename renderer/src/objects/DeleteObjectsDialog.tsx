import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorMessage } from '../ui/ErrorMessage';
import { largeObjectsAmongKey, objectsUnderKey } from '../cache/queryKeys';
import { isFolderName, objectsUnder } from '../cache/objectsUnder';
import { formatCount, formatCountOf } from '../ui/format';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { UntrustedName } from '../ui/UntrustedName';
import { LargeObjectsNote } from '../large-objects/LargeObjectsNote';
import { useDeleteObjects } from './queries';
import { call } from '../api';

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
  const client = useQueryClient();
  const remove = useDeleteObjects(region);
  const folders = names.filter(isFolderName);
  // Folders are counted before anything is asked: the confirmation says how many objects go.
  const expanded = useQuery({
    queryKey: objectsUnderKey(region, container, names),
    queryFn: ({ signal }) => objectsUnder(client, region, container, names, signal),
    staleTime: 0,
    gcTime: 0,
  });
  const objects = expanded.data;
  // Then which of them are large objects, so the confirmation says where their segments go.
  const large = useQuery({
    queryKey: largeObjectsAmongKey(region, container, objects),
    queryFn: ({ signal }) => call('largeObjectsAmong', { region, container, names: objects ?? [] }, signal),
    enabled: objects !== undefined && objects.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
  // Only the delete itself holds the dialog. While it is still reading (counting folders, looking for large
  // objects), Escape and Cancel close it, and closing drops those reads (their signal aborts the calls).
  const busy = remove.isPending;
  const reading = expanded.isPending || large.isLoading;
  const withSegments = (large.data ?? []).filter((p) => p.owned).map((p) => p.name);

  return (
    <Dialog
      title={objects ? `Delete ${formatCountOf(objects.length, 'object')}?` : 'Counting what is in the folders…'}
      onSubmit={() =>
        objects &&
        !reading &&
        remove.mutate({ container, names: objects, folders, large: withSegments }, { onSuccess: onDeleted })
      }
      onClose={onClose}
      busy={busy}
      actions={
        <DialogButtons action="Delete" running="Deleting…" onCancel={onClose} busy={busy} disabled={reading} danger />
      }
    >
      <ul className="dialog-names">
        {names.slice(0, SHOWN).map((name) => (
          <li key={name}>
            <UntrustedName name={name} />
          </li>
        ))}
      </ul>
      {names.length > SHOWN && <p className="muted">and {formatCount(names.length - SHOWN)} more.</p>}
      {folders.length > 0 && objects && (
        <p>
          Everything in {formatCountOf(folders.length, 'folder')} is deleted with {folders.length === 1 ? 'it' : 'them'}
          .
        </p>
      )}
      {expanded.isError && (
        <ErrorMessage title="Cirrus could not count what is in the folders." error={expanded.error} />
      )}
      {large.data && <LargeObjectsNote parts={large.data} />}
      {large.isError && (
        <ErrorMessage title="Cirrus could not check for large objects among them." error={large.error} />
      )}
      <p>This cannot be undone.</p>
      {remove.isError && <ErrorMessage title="Not everything was deleted." error={remove.error} />}
    </Dialog>
  );
}
