/**
 * The Activity pane: every HTTP request the main process made, newest first, with a filter by text
 * and by status class, Copy for the picked row, Save… (the main process asks where) and Clear.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  activityLine,
  matchesActivity,
  STATUS_CLASSES,
  type ActivityEntry,
  type StatusClass,
} from '../../../shared/activity';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatCount, formatCountOf } from '../ui/format';
import { ActivityTable } from './ActivityTable';
import { useActivityLog, useClearActivity, useSaveActivity } from './useActivityLog';

const STATUS_LABELS: Record<StatusClass, string> = {
  '2xx': '2xx success',
  '3xx': '3xx redirect',
  '4xx': '4xx client error',
  '5xx': '5xx server error',
  failed: 'No answer',
};

export function ActivityPane({ onClose }: { onClose: () => void }) {
  const log = useActivityLog(true);
  const clear = useClearActivity();
  const save = useSaveActivity();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StatusClass | ''>('');
  const [selected, setSelected] = useState<number>();
  const [note, setNote] = useState('');
  const filterRef = useRef<HTMLInputElement>(null);
  useEffect(() => filterRef.current?.focus(), []);

  const all = log.data?.entries;
  const shown = useMemo(() => {
    const filter = { text, status: status || undefined };
    const matching = (all ?? []).filter((entry) => matchesActivity(entry, filter));
    return matching.reverse();
  }, [all, text, status]);
  const picked = shown.find((entry) => entry.seq === selected);

  function copy(entry: ActivityEntry) {
    navigator.clipboard.writeText(activityLine(entry)).then(
      () => setNote('Copied the request.'),
      () => setNote('Could not copy to the clipboard.'),
    );
  }

  function saveShown() {
    setNote('');
    save.mutate(
      { text, status: status || undefined },
      { onSuccess: (result) => result && setNote(`Saved ${formatCountOf(result.saved, 'request')}.`) },
    );
  }

  return (
    <section
      className="activity-pane"
      aria-label="Activity"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="activity-bar">
        <h2 className="activity-title">Activity</h2>
        <input
          ref={filterRef}
          type="search"
          aria-label="Filter the requests"
          placeholder="Filter by name, method, status, request ID…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as StatusClass | '')}>
          <option value="">Any status</option>
          {STATUS_CLASSES.map((c) => (
            <option key={c} value={c}>
              {STATUS_LABELS[c]}
            </option>
          ))}
        </select>
        <span className="muted activity-count" role="status">
          {all ? `${formatCount(shown.length)} of ${formatCountOf(all.length, 'request')}` : 'Loading…'}
        </span>
        <span className="toolbar-spacer" />
        <span className="muted" role="status">
          {note}
        </span>
        <button type="button" disabled={!picked} onClick={() => picked && copy(picked)}>
          Copy row
        </button>
        <button type="button" onClick={saveShown} disabled={save.isPending} title="Save what is shown as text">
          Save…
        </button>
        <button type="button" onClick={() => clear.mutate()} disabled={clear.isPending}>
          Clear
        </button>
        <button type="button" aria-label="Close the activity pane" title="Close (Esc)" onClick={onClose}>
          ×
        </button>
      </div>
      {log.isError && <ErrorMessage error={log.error} title="Could not read the activity." />}
      {save.isError && <ErrorMessage error={save.error} title="Could not save the activity." />}
      {clear.isError && <ErrorMessage error={clear.error} title="Could not clear the activity." />}
      <ActivityTable entries={shown} selected={picked?.seq} onSelect={setSelected} onCopy={copy} />
    </section>
  );
}
