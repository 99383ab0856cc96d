import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { MoveFolderResult } from '../../../shared/domain';
import { objectNameProblems } from '../../../shared/validation';
import { call, subscribe } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatCount } from '../ui/format';
import { useLimits } from '../cache/queries';
import { objectKey } from '../cache/queryKeys';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { FieldProblems } from '../ui/FieldProblems';
import { UntrustedName } from '../ui/UntrustedName';
import { putListedObject, removeListedObjects, restartListings } from '../cache/listingCache';
import { invalidateContainerFigures } from '../cache/invalidate';

interface Props {
  region: string;
  container: string;
  /** An object's name, or a folder's prefix (ends in "/"). */
  from: string;
  onClose: () => void;
  /** Where it went: the details pane shows it there. */
  onMoved: (to: string) => void;
}

let moves = 0;

/**
 * Rename or move an object or a whole folder within its container (the new
 * name may hold "/": that moves it into a folder). Swift copies, then deletes
 * the original; a folder moves object by object with progress and Stop, and
 * what did not move is listed.
 */
export function RenameDialog({ region, container, from, onClose, onMoved }: Props) {
  const id = useId();
  const client = useQueryClient();
  const folder = from.endsWith('/');
  const [to, setTo] = useState(from);
  const [state, setState] = useState<{ running?: string; error?: unknown; report?: MoveFolderResult }>({});
  const [progress, setProgress] = useState<{ loaded: number; total: number | undefined }>();
  const limits = useLimits(region);
  const target = folder && !to.endsWith('/') ? `${to}/` : to;
  const problems = limits.data && to ? objectNameProblems(target, limits.data) : [];
  const into = folder && target.startsWith(from) && target !== from;
  const ready = to !== '' && target !== from && problems.length === 0 && !into && !state.running;

  useEffect(
    () =>
      subscribe('progress', (p) => {
        if (p.operationId === state.running) setProgress({ loaded: p.loaded, total: p.total });
      }),
    [state.running],
  );

  async function move() {
    const operationId = `move-${++moves}`;
    setState({ running: operationId });
    try {
      if (!folder) {
        const stored = await call('moveObject', {
          region,
          from: { container, name: from },
          to: { container, name: target },
          operationId,
        });
        client.removeQueries({ queryKey: objectKey(region, container, from), exact: true });
        removeListedObjects(client, region, container, [from]);
        putListedObject(client, region, container, stored);
        void invalidateContainerFigures(client, region, container);
        onMoved(target);
        return;
      }
      const report = await call('moveFolder', { operationId, region, container, from, to: target });
      void restartListings(client, region, container);
      if (report.failed.length === 0) onMoved(target);
      else setState({ report });
    } catch (error) {
      void restartListings(client, region, container);
      setState({ error });
    }
  }

  const title = (
    <>
      {folder ? 'Rename folder' : 'Rename or move'} “<UntrustedName name={from} />”
    </>
  );
  if (state.report) {
    return (
      <Dialog
        role="alertdialog"
        title={title}
        onSubmit={onClose}
        onClose={onClose}
        actions={<button type="submit">Close</button>}
      >
        <p>
          {formatCount(state.report.moved)} moved; {formatCount(state.report.failed.length)} did not and are still under
          the old name:
        </p>
        <ul className="move-failures">
          {state.report.failed.map((f) => (
            <li key={f.name}>
              <UntrustedName name={f.name} />: {f.message}
            </li>
          ))}
        </ul>
      </Dialog>
    );
  }
  return (
    <Dialog
      title={title}
      onSubmit={() => ready && void move()}
      onClose={onClose}
      busy={state.running !== undefined && !folder}
      actions={
        state.running && folder ? (
          <button type="button" onClick={() => void call('cancel', { operationId: state.running ?? '' })}>
            Stop
          </button>
        ) : (
          <DialogButtons
            action={folder ? 'Rename folder' : 'Rename'}
            running="Moving…"
            onCancel={onClose}
            busy={state.running !== undefined}
            disabled={!ready}
          />
        )
      }
    >
      <div className="dialog-fields">
        <label htmlFor={id}>{folder ? 'New folder name' : 'New name'}</label>
        <input
          id={id}
          data-autofocus
          spellCheck={false}
          autoComplete="off"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <FieldProblems problems={problems} />
      {into && <p role="alert">A folder cannot move into itself.</p>}
      {folder && state.running && (
        <p role="status">
          Moving…{' '}
          {progress
            ? `${formatCount(progress.loaded)} of ${progress.total === undefined ? '…' : formatCount(progress.total)}`
            : ''}
        </p>
      )}
      {state.error !== undefined && <ErrorMessage title="The move stopped." error={state.error} />}
    </Dialog>
  );
}
