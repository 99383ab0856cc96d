import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { objectNameProblems } from '../../../shared/validation';
import { call } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useLimits } from '../cache/queries';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { FieldProblems } from '../ui/FieldProblems';
import { putListedObject } from '../cache/listingCache';

interface Props {
  region: string;
  container: string;
  /** Where it is made: '' or a folder ending in "/". */
  prefix: string;
  onClose: () => void;
}

/** A new, empty folder here (a zero-byte "name/" object, as other Swift tools make it). */
export function NewFolderDialog({ region, container, prefix, onClose }: Props) {
  const id = useId();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [state, setState] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  const limits = useLimits(region);
  const folder = `${prefix}${name.replace(/\/+$/, '')}/`;
  const problems = limits.data && name ? objectNameProblems(folder, limits.data) : [];
  const ready = name.replace(/\/+$/, '') !== '' && problems.length === 0 && !state.busy;

  async function create() {
    setState({ busy: true });
    try {
      await call('createFolder', { region, container, prefix: folder });
      putListedObject(client, region, container, {
        name: folder,
        bytes: 0,
        contentType: 'application/directory',
        lastModified: '',
      });
      onClose();
    } catch (error) {
      setState({ busy: false, error });
    }
  }

  return (
    <Dialog
      title="New folder"
      onSubmit={() => ready && void create()}
      onClose={onClose}
      busy={state.busy}
      actions={
        <DialogButtons action="Create" running="Creating…" onCancel={onClose} busy={state.busy} disabled={!ready} />
      }
    >
      <div className="dialog-fields">
        <label htmlFor={id}>Folder name</label>
        <input
          id={id}
          data-autofocus
          spellCheck={false}
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <FieldProblems problems={problems} />
      {state.error !== undefined && <ErrorMessage title="The folder was not created." error={state.error} />}
    </Dialog>
  );
}
