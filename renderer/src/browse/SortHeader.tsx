import type { ReactNode } from 'react';
import type { SortColumn, SortOrder } from './sortedRows';

interface Props {
  column: SortColumn;
  label: string;
  sort: SortOrder;
  onSort: (sort: SortOrder) => void;
  /** The handle on the column's left edge that resizes it. */
  resizer?: ReactNode;
}

/** A column heading that sorts: a click sorts by it, a second click reverses; aria-sort says which. */
export function SortHeader({ column, label, sort, onSort, resizer }: Props) {
  const active = sort.column === column;
  return (
    <span
      role="columnheader"
      // Named by its label alone: the resize handle inside has a name of its own.
      aria-label={label}
      className={`cell-${column}`}
      aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
    >
      <button
        type="button"
        className="sort-header"
        onClick={() => onSort({ column, descending: active && !sort.descending })}
      >
        {label}
        <span className="sort-mark" aria-hidden="true">
          {active ? (sort.descending ? '▼' : '▲') : ''}
        </span>
      </button>
      {resizer}
    </span>
  );
}
