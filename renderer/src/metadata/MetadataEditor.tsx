import { useMemo, useRef, useState } from 'react';
import type { Metadata } from '../../../shared/domain';
import { ErrorMessage } from '../ui/ErrorMessage';
import {
  applyDiff,
  changeOf,
  diffRows,
  isEmptyDiff,
  newRow,
  rowProblems,
  rowsFrom,
  setProblems,
  summarize,
  type MetadataRow,
} from './metadataDraft';
import { useStoredDraft } from './draftStore';
import { MetadataTable } from './MetadataTable';
import { useLimits } from '../cache/queries';
import { useSaveMetadata, type MetadataTarget } from './queries';
import { useSettled } from '../ui/useSettled';

interface Props {
  region: string;
  target: MetadataTarget;
  /** "Account", "Container" or "Object". */
  label: string;
  /** The set Swift holds now. */
  metadata: Metadata;
}

/** What the person is editing: the set they started from, and their rows. */
interface Draft {
  base: Metadata;
  rows: MetadataRow[];
}

const NO_PROBLEMS = new Map<string, string[]>();
const SHOW_SAVING_AFTER_MS = 200;

/**
 * User metadata as an editable key/value table, checked live against the
 * region's limits, with a summary of the changes and Save/Discard. Until the
 * person types, the rows follow what Swift holds; from then on they are the
 * person's own until saved or discarded.
 */
export function MetadataEditor({ region, target, label, metadata }: Props) {
  const limits = useLimits(region);
  const save = useSaveMetadata(region, target);
  const [draft, setDraft] = useStoredDraft<Draft>(JSON.stringify([region, target]));
  const [focusId, setFocusId] = useState<string>();
  const [saved, setSaved] = useState(false);

  const base = draft?.base ?? metadata;
  const fresh = useMemo(() => rowsFrom(metadata), [metadata]);
  const rows = draft?.rows ?? fresh;
  const diff = diffRows(base, rows);
  const after = applyDiff(metadata, diff);
  const problems = limits.data ? rowProblems(rows, limits.data) : NO_PROBLEMS;
  const overall = limits.data ? setProblems(after, limits.data) : [];
  const changes = summarize(base, diff);
  const saving = save.isPending;
  // A save is usually over in a few tens of milliseconds: greying the whole table for that long only
  // flickers (and costs the page a restyle of every field each way). Edits wait for the answer all the
  // same; the table is shown disabled only once a save has taken longer.
  const slowSave = useSettled(saving, SHOW_SAVING_AFTER_MS) && saving;
  const canSave =
    !saving && limits.data !== undefined && !isEmptyDiff(diff) && problems.size === 0 && overall.length === 0;

  function edit(next: MetadataRow[]) {
    // The rows on screen are what is being saved; a change now would be lost when the answer comes.
    if (saving) return;
    setDraft({ base, rows: next });
    setSaved(false);
  }

  // Save and Discard turn disabled once pressed (nothing is left to save or discard), and a disabled
  // button drops the focus to <body>: a keyboard user is moved to the status line that says what happened.
  const status = useRef<HTMLParagraphElement>(null);
  const keepFocus = () => {
    if (
      document.activeElement instanceof HTMLButtonElement &&
      status.current?.closest('.meta-editor')?.contains(document.activeElement)
    ) {
      status.current.focus();
    }
  };

  function onSave() {
    if (!limits.data || !canSave) return;
    keepFocus();
    save.mutate(
      { change: changeOf(diff), after },
      {
        onSuccess: () => {
          setDraft(null);
          setSaved(true);
        },
      },
    );
  }

  function onDiscard() {
    keepFocus();
    setDraft(null);
    setFocusId(undefined);
    save.reset();
  }

  return (
    <div className="meta-editor">
      {/* Enter in a key or value field saves, as in a form, when the draft is valid (onSave checks). */}
      <fieldset
        className="meta-fieldset"
        disabled={slowSave}
        aria-busy={saving}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          if (!(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          onSave();
        }}
      >
        <MetadataTable
          label={label}
          rows={rows}
          problems={problems}
          focusId={focusId}
          onChange={(id, patch) => edit(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)))}
          onRemove={(id) => edit(rows.filter((row) => row.id !== id))}
        />
        {overall.length > 0 && (
          <p className="meta-problem meta-overall" role="alert">
            {overall.join(' ')}
          </p>
        )}
        {limits.isError && (
          <ErrorMessage
            title="Could not read this region's limits, so changes cannot be checked."
            error={limits.error}
            onRetry={() => void limits.refetch()}
            retrying={limits.isFetching}
          />
        )}
        <div className="meta-add-line">
          <button
            type="button"
            className="meta-add"
            onClick={() => {
              const row = newRow();
              setFocusId(row.id);
              edit([...rows, row]);
            }}
          >
            <span aria-hidden="true">+ </span>
            Add row
          </button>
          <p role="status" className="meta-status muted" ref={status} tabIndex={-1}>
            {saved && draft === null ? 'Saved.' : ''}
          </p>
        </div>
        {changes.length > 0 && (
          <section className="meta-summary" aria-label="Changes to save">
            <p className="meta-summary-title">{changeCount(changes.length)}</p>
            <ul>
              {changes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        )}
        <div className="meta-actions">
          <button type="button" onClick={onDiscard} disabled={draft === null || saving}>
            Discard
          </button>
          <button type="button" className="primary" onClick={onSave} disabled={!canSave}>
            {saving ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </fieldset>
      {save.isError && (
        <ErrorMessage
          title="Could not save the metadata. Your changes are still here."
          error={save.error}
          onRetry={canSave ? onSave : undefined}
        />
      )}
    </div>
  );
}

const changeCount = (n: number) => (n === 1 ? '1 change to save:' : `${n} changes to save:`);
