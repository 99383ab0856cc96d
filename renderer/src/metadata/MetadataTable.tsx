import { useId } from 'react';
import type { MetadataRow } from './metadataDraft';

interface Props {
  /** "Account", "Container" or "Object": names the table "<label> metadata". */
  label: string;
  rows: MetadataRow[];
  /** Why each row cannot be saved, by row id. */
  problems: Map<string, string[]>;
  /** The row just added, whose key input takes the focus. */
  focusId: string | undefined;
  onChange: (id: string, patch: Partial<Pick<MetadataRow, 'key' | 'value'>>) => void;
  onRemove: (id: string) => void;
}

/** How a row is named to assistive technology: by the key Swift holds, or as the n-th new row. */
function rowNames(rows: MetadataRow[]): Map<string, string> {
  const names = new Map<string, string>();
  let added = 0;
  for (const row of rows) names.set(row.id, row.origin ?? `new row ${(added += 1)}`);
  return names;
}

/** The editable key/value rows; each row's reasons are shown right under it and tied to its inputs. */
export function MetadataTable({ label, rows, problems, focusId, onChange, onRemove }: Props) {
  const idPrefix = useId();
  const names = rowNames(rows);
  return (
    <div role="table" aria-label={`${label} metadata`} className="meta-table">
      <div role="rowgroup">
        <div role="row" className="meta-row meta-head">
          <span role="columnheader">Key</span>
          <span role="columnheader">Value</span>
          <span role="columnheader" className="meta-remove-head">
            <span className="sr-only">Remove</span>
          </span>
        </div>
      </div>
      <div role="rowgroup">
        {rows.length === 0 && (
          <div role="row" className="meta-row">
            <span role="cell" aria-colspan={3} className="meta-empty muted">
              No metadata
            </span>
          </div>
        )}
        {rows.map((row) => {
          const name = names.get(row.id) ?? row.key;
          const messages = problems.get(row.id);
          const problemId = `${idPrefix}-${row.id}`;
          const invalid = messages !== undefined;
          return (
            <div role="row" key={row.id} className={invalid ? 'meta-row invalid' : 'meta-row'}>
              <span role="cell">
                <input
                  aria-label={`Key of ${name}`}
                  className="meta-key"
                  value={row.key}
                  placeholder="key"
                  spellCheck={false}
                  autoComplete="off"
                  autoFocus={row.id === focusId}
                  aria-invalid={invalid}
                  aria-describedby={invalid ? problemId : undefined}
                  onChange={(e) => onChange(row.id, { key: e.target.value })}
                />
              </span>
              <span role="cell">
                <input
                  aria-label={`Value of ${name}`}
                  value={row.value}
                  placeholder="value"
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={invalid}
                  aria-describedby={invalid ? problemId : undefined}
                  onChange={(e) => onChange(row.id, { value: e.target.value })}
                />
              </span>
              <span role="cell">
                <button
                  type="button"
                  className="meta-remove"
                  aria-label={`Remove ${name}`}
                  title={`Remove ${name}`}
                  onClick={() => onRemove(row.id)}
                >
                  ×
                </button>
              </span>
              {messages && (
                <span role="cell" aria-colspan={3} id={problemId} className="meta-problem">
                  {messages.join(' ')}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
