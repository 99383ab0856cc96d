/**
 * The objects being edited in place, at the top of the transfers panel: "Editing notes.txt — saved
 * 2 min ago", Stop editing (asked first when Swift lacks the last changes), Retry after a failed
 * save, and the question when the object changed in Swift meanwhile.
 */
import { useState } from 'react';
import type { EditingSession } from '../../../shared/editing';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { ErrorMessage } from '../ui/ErrorMessage';
import { UntrustedName } from '../ui/UntrustedName';
import { useNow } from '../ui/useNow';
import { EditConflictDialog } from './EditConflictDialog';
import { editingStatus } from './editingText';
import { useRetryEditUpload, useStopEditing } from './queries';
import './editing.css';

const lastSegment = (name: string) => name.slice(name.lastIndexOf('/') + 1);

export function EditingRows({ edits }: { edits: EditingSession[] }) {
  const now = useNow(15_000);
  const stop = useStopEditing();
  const retry = useRetryEditUpload();
  const [askingStop, setAskingStop] = useState<EditingSession | null>(null);
  // Conflicts the person put off ("Later"); a new conflict of the same edit asks again.
  const [later, setLater] = useState<ReadonlySet<string>>(() => new Set());
  const conflictKey = (edit: EditingSession) => `${edit.id}:${edit.error?.message ?? ''}`;
  const asking = edits.find((edit) => edit.state === 'conflict' && !later.has(conflictKey(edit)));
  if (edits.length === 0) return null;

  return (
    <>
      <ul className="editing-list" aria-label="Objects being edited">
        {edits.map((edit) => (
          <li key={edit.id} className={`editing-row editing-${edit.state}`} aria-label={`Editing ${edit.fileName}`}>
            <span className="editing-line" title={`${edit.container}/${edit.name}`}>
              Editing <UntrustedName name={edit.fileName} /> — {editingStatus(edit, now)}
              {lastSegment(edit.name) !== edit.fileName && (
                <>
                  {' '}
                  · saves go to <UntrustedName name={edit.name} />
                </>
              )}
            </span>
            {edit.state === 'failed' && (
              <button type="button" onClick={() => retry.mutate(edit.id)} disabled={retry.isPending}>
                Retry
              </button>
            )}
            {edit.state === 'conflict' && later.has(conflictKey(edit)) && (
              <button
                type="button"
                onClick={() => setLater((was) => new Set([...was].filter((key) => key !== conflictKey(edit))))}
              >
                Choose…
              </button>
            )}
            <button type="button" onClick={() => (edit.unsaved ? setAskingStop(edit) : stop.mutate(edit.id))}>
              Stop editing
            </button>
          </li>
        ))}
      </ul>
      {(stop.isError || retry.isError) && (
        <ErrorMessage error={stop.error ?? retry.error} title="That did not work." className="editing-error" />
      )}
      {asking && (
        <EditConflictDialog
          key={conflictKey(asking)}
          edit={asking}
          onLater={() => setLater((was) => new Set([...was, conflictKey(asking)]))}
        />
      )}
      {askingStop && (
        <Dialog
          role="alertdialog"
          title={
            <>
              Stop editing “<UntrustedName name={askingStop.fileName} />
              ”?
            </>
          }
          label={`Stop editing ${askingStop.fileName}?`}
          onSubmit={() => {
            stop.mutate(askingStop.id);
            setAskingStop(null);
          }}
          onClose={() => setAskingStop(null)}
          actions={<DialogButtons action="Stop and discard" danger onCancel={() => setAskingStop(null)} />}
        >
          <p>Your last changes have not reached Swift. If you stop now, your copy and those changes are discarded.</p>
        </Dialog>
      )}
    </>
  );
}
