import { useId, useState } from 'react';
import { defaultPolicy } from '../../../shared/storage-policies';
import { containerNameProblems } from '../../../shared/validation';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useLimits } from '../cache/queries';
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
  const [picked, setPicked] = useState<string>();
  const limits = useLimits(region);
  const create = useCreateContainer(region);
  // Checked as the person types, against this region's own limits once they are known.
  const problems = name && limits.data ? containerNameProblems(name, limits.data) : [];
  // A choice only where /info offers one; the default is chosen until the person picks another.
  const policies = limits.data?.storagePolicies ?? [];
  const choosing = policies.length > 1;
  const policy = picked ?? defaultPolicy(policies)?.name ?? policies[0]?.name;

  function submit() {
    if (!name || problems.length > 0) return;
    setExisted(undefined);
    // Named even when it is the default: a container that exists under another policy is then
    // refused (409) and said so, where a PUT naming none would quietly answer "already exists".
    create.mutate(
      { container: name, storagePolicy: choosing ? policy : undefined },
      { onSuccess: (isNew) => (isNew ? onCreated(name) : setExisted(name)) },
    );
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
      {choosing && (
        <>
          <label htmlFor={`${id}-policy`}>Storage policy</label>
          <select
            id={`${id}-policy`}
            value={policy}
            aria-describedby={`${id}-policy-hint`}
            onChange={(e) => {
              setPicked(e.target.value);
              setExisted(undefined);
            }}
          >
            {policies.map((p) => (
              <option key={p.name} value={p.name} title={p.aliases.length ? `also ${p.aliases.join(', ')}` : undefined}>
                {p.isDefault ? `${p.name} (default)` : p.name}
              </option>
            ))}
          </select>
          <p id={`${id}-policy-hint`} className="muted">
            Where Swift keeps the objects; a container keeps its policy for good.
          </p>
        </>
      )}
      {existed !== undefined && (
        <p role="alert" className="dialog-notice">
          A container named “{visibleName(existed)}” already exists; nothing was changed.
        </p>
      )}
      {create.isError && <ErrorMessage title="Could not create the container." error={create.error} />}
    </Dialog>
  );
}
