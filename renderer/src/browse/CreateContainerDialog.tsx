import { useId, useState } from 'react';
import { containerNameProblems } from '../../../shared/validation';
import { ErrorMessage } from '../ErrorMessage';
import { useLimits } from '../queries';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { FieldProblems } from '../ui/FieldProblems';
import { visibleName } from '../ui/untrustedText';
import { useCreateContainer } from './queries';

interface Props {
  region: string;
  onClose: () => void;
  onCreated: (name: string) => void;
}

export function CreateContainerDialog({ region, onClose, onCreated }: Props) {
  const id = useId();
  const [name, setName] = useState('');
  const [existed, setExisted] = useState<string>();
  const limits = useLimits(region);
  const create = useCreateContainer(region);
  // Checked as the person types, against this region's own limits once they are known.
  const problems = name && limits.data ? containerNameProblems(name, limits.data) : [];

  function submit() {
    if (!name || problems.length > 0) return;
    setExisted(undefined);
    create.mutate(name, {
      onSuccess: (isNew) => (isNew ? onCreated(name) : setExisted(name)),
    });
  }

  return (
    <Dialog
      title="New container"
      onSubmit={submit}
      onClose={onClose}
      busy={create.isPending}
      actions={
        <DialogButtons
          action="Create"
          running="Creating…"
          onCancel={onClose}
          busy={create.isPending}
          disabled={!name || problems.length > 0}
        />
      }
    >
      <label htmlFor={`${id}-name`}>Container name</label>
      <input
        id={`${id}-name`}
        data-autofocus
        spellCheck={false}
        autoComplete="off"
        value={name}
        aria-invalid={problems.length > 0}
        aria-describedby={`${id}-problems`}
        onChange={(e) => {
          setName(e.target.value);
          setExisted(undefined);
        }}
      />
      <FieldProblems id={`${id}-problems`} problems={problems} />
      {existed !== undefined && (
        <p role="alert" className="dialog-notice">
          A container named “{visibleName(existed)}” already exists; nothing was changed.
        </p>
      )}
      {create.isError && <ErrorMessage title="Could not create the container." error={create.error} />}
    </Dialog>
  );
}
