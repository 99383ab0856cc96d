import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ObjectInfo } from '../../../shared/domain';
import { objectNameProblems } from '../../../shared/validation';
import { call } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { objectKey } from '../cache/queryKeys';
import { useLimits } from '../cache/queries';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { FieldProblems } from '../ui/FieldProblems';
import { UntrustedName } from '../ui/UntrustedName';
import { putListedObject } from '../cache/listingCache';

interface Props {
  region: string;
  container: string;
  /** The object the link points at. */
  target: string;
  onClose: () => void;
}

/** "docs/report.pdf" → "docs/report link.pdf": beside the target, saying what it is. */
function defaultLinkName(target: string): string {
  const slash = target.lastIndexOf('/') + 1;
  const base = target.slice(slash);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? `${target.slice(0, slash)}${base.slice(0, dot)} link${base.slice(dot)}` : `${target} link`;
}

/**
 * "Make a link here": a symlink (Swift's `X-Symlink-Target`) to the object,
 * under a name the person picks, in the same container. A taken name is
 * refused by Swift (the main process asks with If-None-Match), never replaced.
 */
export function MakeLinkDialog({ region, container, target, onClose }: Props) {
  const id = useId();
  const client = useQueryClient();
  const [name, setName] = useState(() => defaultLinkName(target));
  const [state, setState] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  const limits = useLimits(region);
  const problems = limits.data ? objectNameProblems(name, limits.data) : [];
  const ready = name !== '' && name !== target && problems.length === 0 && !state.busy;

  async function create() {
    setState({ busy: true });
    try {
      const link = await call('createSymlink', { region, container, name, target: { container, name: target } });
      client.setQueryData<ObjectInfo>(objectKey(region, container, name), link);
      putListedObject(client, region, container, link);
      onClose();
    } catch (error) {
      setState({ busy: false, error });
    }
  }

  return (
    <Dialog
      title="Make a link"
      onSubmit={() => ready && void create()}
      onClose={onClose}
      busy={state.busy}
      actions={
        <DialogButtons action="Make link" running="Making…" onCancel={onClose} busy={state.busy} disabled={!ready} />
      }
    >
      <p>
        A link is an object that opens “<UntrustedName name={target} />” wherever it is read: downloads, previews and
        public URLs follow it. Deleting the link leaves the object.
      </p>
      <div className="dialog-fields">
        <label htmlFor={id}>Link name</label>
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
      {state.error !== undefined && <ErrorMessage title="The link was not made." error={state.error} />}
    </Dialog>
  );
}
