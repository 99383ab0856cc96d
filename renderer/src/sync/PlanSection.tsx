import { useId, useMemo, useState } from 'react';
import type { FolderComparison } from '../../../shared/sync';
import { canDelete, DIRECTIONS, planActions, type SyncDirection } from '../../../shared/sync-plan';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes, formatCount, formatCountOf } from '../ui/format';
import { SyncList } from './SyncList';
import { planRows } from './syncRows';
import type { FolderTarget } from './useFolderComparison';
import { useLastSync } from './useLastSync';
import { useRunSync, type SyncOutcome } from './useRunSync';
import { visibleName } from '../ui/untrustedText';

interface Props {
  target: FolderTarget;
  folder: string;
  result: FolderComparison;
  /** After a run: compare again, so the person sees what is left. */
  onSynced: () => void;
  /** A comparison is running: its result is not yet the one shown. */
  comparing: boolean;
  /** Counts the compares the person started (not the one after a run): each puts the last run's outcome away. */
  handCompares: number;
}

/** The plan of the chosen direction as a checklist, each action with its reason; Synchronize runs the ticked ones. */
export function PlanSection({ target, folder, result, onSynced, comparing, handCompares }: Props) {
  const [direction, setDirection] = useState<SyncDirection>('upload');
  const [alsoDelete, setAlsoDelete] = useState(false);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(() => new Set());
  const [error, setError] = useState<unknown>(null);
  const lastSync = useLastSync(target, folder);
  const sync = useRunSync(target, folder, lastSync.record);
  // The person moved on (another direction, a compare of their own): the last run's outcome, and its error, no
  // longer describe the plan shown. A compare is seen as its count changes, while rendering (React's way for
  // state that follows a prop, rather than an effect and a second render).
  const moveOn = () => {
    sync.dismiss();
    setError(null);
  };
  const [comparesSeen, setComparesSeen] = useState(handCompares);
  if (comparesSeen !== handCompares) {
    setComparesSeen(handCompares);
    moveOn();
  }
  const directionId = useId();
  const actions = useMemo(
    () => planActions(result.entries, direction, alsoDelete && canDelete(direction), lastSync.at),
    [result, direction, alsoDelete, lastSync.at],
  );
  const chosen = useMemo(
    () => actions.filter((a) => a.kind !== 'conflict' && !unticked.has(a.name)),
    [actions, unticked],
  );
  // Built once per plan, not on every progress event or tick: a plan may hold 100,000 actions.
  const rows = useMemo(() => planRows(actions), [actions]);
  const ticked = useMemo(() => new Set(chosen.map((a) => a.name)), [chosen]);
  const conflicts = actions.filter((a) => a.kind === 'conflict').length;
  const bytes = chosen.reduce((n, a) => n + a.bytes, 0);

  function toggle(names: readonly string[]) {
    setUnticked((old) => {
      const next = new Set(old);
      const allTicked = names.every((n) => !next.has(n));
      for (const n of names)
        if (allTicked) next.add(n);
        else next.delete(n);
      return next;
    });
  }
  async function run() {
    setError(null);
    try {
      await sync.run(chosen);
      setUnticked(new Set());
      onSynced();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section aria-label="Plan" className="sync-plan">
      <div className="work-controls">
        <label htmlFor={directionId}>Direction</label>
        <select
          id={directionId}
          value={direction}
          disabled={sync.running}
          onChange={(e) => {
            setDirection(e.target.value as SyncDirection);
            moveOn();
          }}
        >
          {DIRECTIONS.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
        {canDelete(direction) && (
          <label>
            <input
              type="checkbox"
              checked={alsoDelete}
              disabled={sync.running}
              onChange={(e) => {
                setAlsoDelete(e.target.checked);
                moveOn();
              }}
            />{' '}
            Also delete what the other side does not have
          </label>
        )}
      </div>
      <p aria-label="Plan summary">
        {`${formatCount(chosen.length)} of ${formatCountOf(actions.length - conflicts, 'action')} ticked, ${formatBytes(bytes)} to move`}
        {conflicts > 0 ? `; ${formatCountOf(conflicts, 'conflict')} left for you to decide` : ''}
      </p>
      {actions.length > 0 ? (
        <SyncList rows={rows} label="Plan" chosen={ticked} onToggle={toggle} />
      ) : (
        <p role="status">Nothing to do in this direction.</p>
      )}
      <div className="work-controls">
        <button
          type="button"
          disabled={sync.running || comparing || !lastSync.known || chosen.length === 0}
          onClick={() => void run()}
        >
          Synchronize ({formatCount(chosen.length)})
        </button>
        {sync.running && (
          <>
            <span role="status">
              {sync.stopRequested
                ? 'Stopping: the running transfers finish, and no more start.'
                : 'Synchronizing… the transfers panel shows each file.'}
            </span>
            <button type="button" onClick={sync.stop} disabled={sync.stopRequested}>
              Stop after the running transfers
            </button>
          </>
        )}
      </div>
      {error !== null && <ErrorMessage error={error} title="The sync stopped." />}
      {lastSync.error !== null && (
        <ErrorMessage error={lastSync.error} title="When this folder was last synchronized cannot be read." />
      )}
      {sync.outcome && !sync.running && <OutcomeText outcome={sync.outcome} />}
    </section>
  );
}

function OutcomeText({ outcome }: { outcome: SyncOutcome }) {
  const { uploaded, downloaded, deleted, notDone } = outcome;
  return (
    <>
      <p role="status">{`Sync: ${formatCount(uploaded)} uploaded, ${formatCount(downloaded)} downloaded, ${formatCount(deleted)} deleted, ${formatCount(notDone.length)} not done`}</p>
      {notDone.length > 0 && (
        <ul aria-label="Not done" className="muted sync-not-done">
          {notDone.slice(0, 200).map((n) => (
            <li key={n.name}>{`${visibleName(n.name)}: ${n.reason}`}</li>
          ))}
        </ul>
      )}
    </>
  );
}
