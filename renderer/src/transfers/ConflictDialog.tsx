import { useId, useState } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Dialog } from '../ui/Dialog';
import { UntrustedName } from '../ui/UntrustedName';

export type ConflictChoice = 'replace' | 'skip' | 'keepBoth';

export interface ConflictQuestion {
  /** Names that are already there, in order. */
  names: string[];
  /** Where: "in backups/photos" or "in the folder you chose". */
  where: string;
  /** What happens to them: "upload" or "download". */
  work: 'upload' | 'download';
}

interface Props {
  question: ConflictQuestion;
  /** Every name's choice; undefined when the person cancelled (nothing starts). */
  onDone: (choices: Map<string, ConflictChoice> | undefined) => void;
}

/**
 * Asked before an upload or a download would overwrite: replace, skip, or
 * keep both (the new one under a numbered name), one name at a time, or the
 * same for all that remain.
 */
export function ConflictDialog({ question, onDone }: Props) {
  const id = useId();
  const [choices] = useState(() => new Map<string, ConflictChoice>());
  const [at, setAt] = useState(0);
  const [forAll, setForAll] = useState(false);
  const name = question.names[at] ?? '';
  const left = question.names.length - at - 1;

  function choose(choice: ConflictChoice) {
    const upTo = forAll ? question.names.length : at + 1;
    for (const n of question.names.slice(at, upTo)) choices.set(n, choice);
    if (upTo >= question.names.length) onDone(choices);
    else setAt(upTo);
  }

  return (
    <Dialog
      role="alertdialog"
      title={
        <>
          “<UntrustedName name={name} />” is already there
        </>
      }
      label={`${name} is already there`}
      onSubmit={() => choose('replace')}
      onClose={() => onDone(undefined)}
      actions={
        <>
          <button type="button" onClick={() => onDone(undefined)}>
            Cancel {question.work === 'upload' ? 'the upload' : 'the download'}
          </button>
          <button type="button" onClick={() => choose('skip')}>
            Skip
          </button>
          <button type="button" onClick={() => choose('keepBoth')}>
            Keep both
          </button>
          <button type="submit" className="primary danger" data-autofocus>
            Replace
          </button>
        </>
      }
    >
      <p>
        {question.work === 'upload' ? 'An object' : 'A file'} of that name is already {question.where}. Replace it, skip
        this one, or keep both (the new one gets a numbered name).
      </p>
      {left > 0 && (
        <label htmlFor={`${id}-all`}>
          <input id={`${id}-all`} type="checkbox" checked={forAll} onChange={(e) => setForAll(e.target.checked)} /> Do
          the same for the {left} other{left === 1 ? '' : 's'} already there
        </label>
      )}
    </Dialog>
  );
}

/** When finding what is already there failed, nothing started: said once, with why. */
/** Work with no caller to report to (a drop, a menu item) failed before any transfer started. */
export interface WorkFailure {
  title: string;
  message: string;
  error: unknown;
}

export function CheckFailedDialog({ failure, onClose }: { failure: WorkFailure; onClose: () => void }) {
  return (
    <Dialog
      role="alertdialog"
      title={failure.title}
      onSubmit={onClose}
      onClose={onClose}
      actions={
        <button type="submit" className="primary" data-autofocus>
          OK
        </button>
      }
    >
      <ErrorMessage title={failure.message} error={failure.error} />
    </Dialog>
  );
}
