import { useId, useState } from 'react';
import { containerNameProblems, objectNameProblems } from '../../../shared/validation';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useLimits } from '../cache/queries';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { FieldProblems } from '../ui/FieldProblems';
import { copyName } from '../ui/fileNames';
import { UntrustedName } from '../ui/UntrustedName';
import { useCopyObject } from './queries';

interface Props {
  region: string;
  from: { container: string; name: string };
  onClose: () => void;
  onCopied: () => void;
}

/** A server-side copy within the region, to any container and name. */
export function CopyObjectDialog({ region, from, onClose, onCopied }: Props) {
  const id = useId();
  const [container, setContainer] = useState(from.container);
  const [name, setName] = useState(() => copyName(from.name));
  const limits = useLimits(region);
  const copy = useCopyObject(region);
  const problems = limits.data
    ? [
        ...(container ? containerNameProblems(container, limits.data) : []),
        ...(name ? objectNameProblems(name, limits.data) : []),
      ]
    : [];
  const same = container === from.container && name === from.name;
  const ready = container !== '' && name !== '' && problems.length === 0 && !same;

  return (
    <Dialog
      title={
        <>
          Copy “<UntrustedName name={from.name} />”
        </>
      }
      onSubmit={() => ready && copy.mutate({ from, to: { container, name } }, { onSuccess: onCopied })}
      onClose={onClose}
      busy={copy.isPending}
      actions={
        <DialogButtons action="Copy" running="Copying…" onCancel={onClose} busy={copy.isPending} disabled={!ready} />
      }
    >
      <div className="dialog-fields">
        <label htmlFor={`${id}-container`}>To container</label>
        <input
          id={`${id}-container`}
          spellCheck={false}
          autoComplete="off"
          value={container}
          onChange={(e) => setContainer(e.target.value)}
        />
        <label htmlFor={`${id}-name`}>New name</label>
        <input
          id={`${id}-name`}
          data-autofocus
          spellCheck={false}
          autoComplete="off"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <FieldProblems problems={problems}>
        {same && <p>Choose another name or container: a copy onto itself changes nothing.</p>}
      </FieldProblems>
      {copy.isError && <ErrorMessage title="Could not copy the object." error={copy.error} />}
    </Dialog>
  );
}
