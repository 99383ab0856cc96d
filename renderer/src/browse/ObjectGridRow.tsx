import { memo, type MouseEvent } from 'react';
import { formatBytes, formatDateTime, formatExactBytes } from '../ui/format';
import { FileIcon, FolderIcon } from '../ui/icons';
import { UntrustedName } from '../ui/UntrustedName';
import { visibleName } from '../ui/untrustedText';
import { pickName, type ObjectRow } from './objectRows';

interface Props {
  row: ObjectRow;
  index: number;
  top: number;
  picked: boolean;
  focusable: boolean;
  onClick: (row: ObjectRow, index: number, event: MouseEvent) => void;
  onToggle: (name: string) => void;
  onOpenFolder: (prefix: string) => void;
  onOpenObject: (name: string) => void;
  onMenu: (row: ObjectRow, index: number, at: { x: number; y: number }, from: HTMLElement) => void;
}

/** "text/plain; charset=utf-8" → "text/plain": the parameters are in the cell's title and the details. */
const mediaType = (contentType: string) => contentType.split(';')[0]?.trim() ?? contentType;
const dateOf = (ms: number) => (Number.isNaN(ms) ? undefined : new Date(ms).toISOString());

/** Rows are made on demand (RowList.at), so "the same row" is the same name with the same figures. */
const sameRow = (a: ObjectRow, b: ObjectRow): boolean =>
  a.key === b.key &&
  a.label === b.label &&
  (a.type !== 'object' ||
    (b.type === 'object' && a.bytes === b.bytes && a.modified === b.modified && a.contentType === b.contentType));

const sameProps = (a: Props, b: Props): boolean =>
  sameRow(a.row, b.row) &&
  a.index === b.index &&
  a.top === b.top &&
  a.picked === b.picked &&
  a.focusable === b.focusable &&
  a.onClick === b.onClick &&
  a.onToggle === b.onToggle &&
  a.onOpenFolder === b.onOpenFolder &&
  a.onOpenObject === b.onOpenObject &&
  a.onMenu === b.onMenu;

/** One row of the objects grid: scrolling renders only the rows that come into view. */
export const ObjectGridRow = memo(function ObjectGridRow(props: Props) {
  const { row, index, top, picked, focusable, onClick, onToggle, onOpenFolder, onOpenObject, onMenu } = props;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={picked}
      data-index={index}
      tabIndex={focusable ? 0 : -1}
      className={['grid-row', picked && 'picked', row.type === 'folder' && 'folder-row'].filter(Boolean).join(' ')}
      style={{ transform: `translateY(${top}px)` }}
      // An object's row can be dragged to another Cirrus window, which copies it (usePaneDrop.ts).
      draggable={row.type === 'object'}
      data-name={row.type === 'object' ? row.name : undefined}
      onClick={(event) => onClick(row, index, event)}
      onDoubleClick={() => (row.type === 'folder' ? onOpenFolder(row.prefix) : onOpenObject(row.name))}
      onContextMenu={(event) => {
        event.preventDefault();
        onMenu(row, index, { x: event.clientX, y: event.clientY }, event.currentTarget);
      }}
    >
      <span role="gridcell" className="cell-check">
        <input
          type="checkbox"
          tabIndex={-1}
          aria-label={`Select ${visibleName(row.label)}`}
          checked={picked}
          onClick={(event) => event.stopPropagation()}
          onChange={() => onToggle(pickName(row))}
        />
      </span>
      <span role="gridcell" className="cell-name">
        {row.type === 'folder' ? <FolderIcon /> : <FileIcon />}
        <UntrustedName name={row.label} className="row-name" middleEllipsis />
      </span>
      {row.type === 'object' ? (
        <>
          <span role="gridcell" className="cell-size" title={formatExactBytes(row.bytes)}>
            {formatBytes(row.bytes)}
          </span>
          <span role="gridcell" className="cell-type" title={row.contentType}>
            {mediaType(row.contentType)}
          </span>
          <span role="gridcell" className="cell-modified">
            {formatDateTime(dateOf(row.modified))}
          </span>
        </>
      ) : (
        <>
          <span role="gridcell" className="cell-size muted">
            —
          </span>
          <span role="gridcell" className="cell-type muted">
            Folder
          </span>
          <span role="gridcell" className="cell-modified" />
        </>
      )}
    </div>
  );
}, sameProps);
