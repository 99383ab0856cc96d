import type { CSSProperties } from 'react';
import { Splitter, usePaneWidth } from '../ui/Splitter';

/**
 * The objects grid's resizable columns. Name takes what is left (never under
 * a readable width, see objects.css); each other column is resized from its
 * left edge, so dragging that edge right gives Name more room. Widths are
 * remembered on this device, like the panes'.
 */
const COLUMNS = {
  size: { key: 'cirrus.column.size', initial: 80, min: 56, max: 240, label: 'Resize the Size column' },
  type: { key: 'cirrus.column.type', initial: 140, min: 64, max: 400, label: 'Resize the Type column' },
  modified: {
    key: 'cirrus.column.modified',
    initial: 164,
    min: 96,
    max: 320,
    label: 'Resize the Last modified column',
  },
} as const;

export type ResizableColumn = keyof typeof COLUMNS;

export function useGridColumns() {
  const [size, setSize] = usePaneWidth(COLUMNS.size);
  const [type, setType] = usePaneWidth(COLUMNS.type);
  const [modified, setModified] = usePaneWidth(COLUMNS.modified);
  const widths = { size, type, modified };
  const setters = { size: setSize, type: setType, modified: setModified };
  const style = {
    '--col-size': `${size}px`,
    '--col-type': `${type}px`,
    '--col-modified': `${modified}px`,
  } as CSSProperties;
  const resizer = (column: ResizableColumn) => {
    const { label, min, max } = COLUMNS[column];
    return (
      <Splitter
        label={label}
        width={widths[column]}
        min={min}
        max={max}
        direction={-1}
        onWidth={setters[column]}
        className="column-resizer"
      />
    );
  };
  return { style, resizer };
}
