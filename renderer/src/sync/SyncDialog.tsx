import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { patternsFromText } from '../../../shared/sync-exclude';
import { call } from '../api';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';
import { visibleName } from '../ui/untrustedText';
import { ComparisonStatus } from '../ui/ComparisonStatus';
import { ComparisonSummary } from './ComparisonSummary';
import { PlanSection } from './PlanSection';
import { SyncList } from './SyncList';
import { comparisonRows } from './syncRows';
import { useFolderComparison, type FolderTarget } from './useFolderComparison';
import { useSyncExcludes } from './useSyncExcludes';
import './sync.css';

interface Props {
  target: FolderTarget;
  onClose: () => void;
}

/**
 * A local folder side by side with a container (or a folder in it): the
 * folder is chosen in the OS dialog (so the main process may read it), then
 * compared; each group with its count and bytes, the differences listed with
 * why, then the plan of a direction reviewed as a checklist and run.
 */
export function SyncDialog({ target, onClose }: Props) {
  const [folder, setFolder] = useState<string | null>(null);
  const saved = useSyncExcludes();
  // The patterns a compare used; until the person changes them, the ones saved for this connection.
  const [edited, setEdited] = useState<{ text: string; applied: readonly string[] | null }>({
    text: '',
    applied: null,
  });
  const excludes = edited.applied ?? saved.patterns;
  const excludesText = edited.applied === null && edited.text === '' ? (excludes ?? []).join('\n') : edited.text;
  const [chooseError, setChooseError] = useState<unknown>(null);
  const [view, setView] = useState<'differences' | 'plan'>('differences');
  // The compares the person starts; the plan puts a run's outcome away at each (not at the one after a run).
  const [handCompares, setHandCompares] = useState(0);
  const comparison = useFolderComparison(target, excludes === null ? null : folder, excludes ?? []);
  const excludesId = useId();
  const where = visibleName(target.prefix ? `${target.container}/${target.prefix}` : target.container);
  const result = comparison.query.data;
  const rows = useMemo(() => (result ? comparisonRows(result.entries) : []), [result]);

  async function choose() {
    setChooseError(null);
    try {
      const chosen = await call('chooseFolder', { title: `Compare “${where}” with a local folder` });
      if (chosen === null || chosen === folder) return;
      setFolder(chosen);
      setHandCompares((n) => n + 1);
    } catch (err) {
      setChooseError(err);
    }
  }
  // The folder dialog opens at once: choosing it is the first thing to do here.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void choose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the dialog opens
  }, []);

  const busy = comparison.query.isFetching;
  return (
    <Dialog
      title={`Compare “${where}” with a local folder`}
      className="sync-dialog"
      onSubmit={() => undefined}
      onClose={onClose}
      actions={
        <button type="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="work-controls">
        <span className="sync-folder" aria-label="Local folder">
          {folder === null ? 'No folder chosen yet.' : visibleName(folder)}
        </span>
        <button type="button" disabled={busy} onClick={() => void choose()}>
          Choose folder…
        </button>
      </div>
      {chooseError !== null && <ErrorMessage error={chooseError} title="The folder dialog failed." />}
      <label htmlFor={excludesId}>Leave out (one pattern a line, kept for this connection)</label>
      <textarea
        id={excludesId}
        className="sync-excludes"
        rows={3}
        spellCheck={false}
        value={excludesText}
        onChange={(e) => setEdited({ text: e.target.value, applied: excludes })}
      />
      <div className="work-controls">
        <button
          type="button"
          disabled={busy || folder === null}
          onClick={() => {
            setHandCompares((n) => n + 1);
            const next = patternsFromText(excludesText);
            if (JSON.stringify(next) === JSON.stringify(excludes)) return comparison.again();
            setEdited({ text: excludesText, applied: next });
            // Kept for this connection's next compare; a failed save still compares with them now.
            void saved.save(next).catch(() => undefined);
          }}
        >
          Compare again
        </button>
      </div>
      <ComparisonStatus comparison={comparison} />
      {result && folder !== null && (
        <>
          <ComparisonSummary result={result} />
          {result.entries.length === 0 && <p role="status">Nothing to do: both sides hold the same files.</p>}
          {result.entries.length > 0 && view === 'differences' && (
            <>
              <SyncList rows={rows} label="Differences" />
              <div className="work-controls">
                <button type="button" onClick={() => setView('plan')}>
                  Review the plan…
                </button>
              </div>
            </>
          )}
          {view === 'plan' && (
            <>
              <div className="work-controls">
                <button type="button" onClick={() => setView('differences')}>
                  Back to the differences
                </button>
              </div>
              <PlanSection
                target={target}
                folder={folder}
                result={result}
                onSynced={comparison.again}
                comparing={busy}
                handCompares={handCompares}
              />
            </>
          )}
        </>
      )}
    </Dialog>
  );
}
