import { useId, useState } from 'react';
import { tempUrlKeyProblems, type TempUrlSlot } from '../../../shared/temp-url';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { FieldProblems } from '../ui/FieldProblems';
import { useLimits } from '../cache/queries';
import { useSetTempUrlKey, type TempUrlScope } from './queries';

interface Props {
  region: string;
  scope: TempUrlScope;
  /** "the account" or "the container “photos”": whose key, in the title. */
  whose: string;
  slot: TempUrlSlot;
  onClose: () => void;
}

/**
 * Sets one signing key: generated in the main process (the default: long and
 * random, and never shown here), or typed, for a key shared with another tool.
 * A typed key is checked as typed, against the region's metadata value limit
 * that Swift applies to it.
 */
export function TempUrlKeyDialog({ region, scope, whose, slot, onClose }: Props) {
  const id = useId();
  const set = useSetTempUrlKey(region, scope);
  const maxBytes = useLimits(region).data?.maxMetaValueLength ?? 256;
  const [how, setHow] = useState<'generated' | 'typed'>('generated');
  const [typed, setTyped] = useState('');
  // Problems show once something was typed: an empty field is not yet a mistake.
  const problems = how === 'typed' && typed !== '' ? tempUrlKeyProblems(typed, maxBytes) : [];
  const ready = how === 'generated' || (typed !== '' && problems.length === 0);

  function submit() {
    if (!ready) return;
    set.mutate(
      { slot, key: how === 'generated' ? { kind: 'generated' } : { kind: 'typed', value: typed } },
      { onSuccess: onClose },
    );
  }

  return (
    <Dialog
      title={`Set key ${slot} of ${whose}`}
      onSubmit={submit}
      onClose={onClose}
      busy={set.isPending}
      actions={
        <DialogButtons action="Set key" running="Setting…" onCancel={onClose} busy={set.isPending} disabled={!ready} />
      }
    >
      <fieldset className="temp-url-key-how">
        <legend className="sr-only">The key</legend>
        <label>
          <input
            type="radio"
            name={`${id}-how`}
            checked={how === 'generated'}
            onChange={() => setHow('generated')}
            data-autofocus
          />{' '}
          Generate a random key
        </label>
        <label>
          <input type="radio" name={`${id}-how`} checked={how === 'typed'} onChange={() => setHow('typed')} /> Type a
          key
        </label>
      </fieldset>
      {how === 'typed' && (
        <input
          type="password"
          aria-label="Key"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          aria-invalid={problems.length > 0}
          aria-describedby={`${id}-problems`}
          onChange={(e) => setTyped(e.target.value)}
        />
      )}
      <FieldProblems id={`${id}-problems`} problems={problems.map((message) => ({ message }))} />
      <p className="muted">
        Links signed with the key this one replaces stop working. The key is kept in Swift; Cirrus shows only its last
        characters.
      </p>
      {set.isError && <ErrorMessage title="Could not set the key." error={set.error} />}
    </Dialog>
  );
}
