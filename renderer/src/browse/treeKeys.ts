/**
 * Keyboard behaviour of the container tree (WAI-ARIA tree pattern): arrows
 * move focus, Right/Left expand, collapse or step in and out, Enter opens.
 */
import type { NodeRow, TreeRow } from './treeRows';

export type TreeAction =
  | { type: 'focus'; index: number }
  | { type: 'expand'; id: string }
  | { type: 'collapse'; id: string }
  | { type: 'open'; index: number };

const isNode = (row: TreeRow | undefined): row is NodeRow => row?.type === 'node';

function step(rows: readonly TreeRow[], from: number, by: number): number | undefined {
  for (let i = from + by; i >= 0 && i < rows.length; i += by) if (isNode(rows[i])) return i;
  return undefined;
}

/** What a key does with the row at `index` focused; undefined when the key is not the tree's. */
export function treeKeyAction(
  rows: readonly TreeRow[],
  index: number,
  key: string,
  pageRows: number,
): TreeAction | undefined {
  const row = rows[index];
  if (!isNode(row)) {
    const first = step(rows, -1, 1);
    return first === undefined ? undefined : { type: 'focus', index: first };
  }
  const focus = (i: number | undefined): TreeAction | undefined =>
    i === undefined ? undefined : { type: 'focus', index: i };
  switch (key) {
    case 'ArrowDown':
      return focus(step(rows, index, 1));
    case 'ArrowUp':
      return focus(step(rows, index, -1));
    case 'Home':
      return focus(step(rows, -1, 1));
    case 'End':
      return focus(step(rows, rows.length, -1));
    case 'PageDown':
      return focus(step(rows, Math.min(rows.length - 1, index + pageRows) + 1, -1));
    case 'PageUp':
      return focus(step(rows, Math.max(0, index - pageRows) - 1, 1));
    case 'ArrowRight': {
      if (row.leaf) return undefined;
      if (!row.expanded) return { type: 'expand', id: row.id };
      const child = rows[index + 1];
      return isNode(child) && child.parentId === row.id ? { type: 'focus', index: index + 1 } : undefined;
    }
    case 'ArrowLeft': {
      if (row.expanded) return { type: 'collapse', id: row.id };
      if (row.parentId === undefined) return undefined;
      const parent = rows.findIndex((r) => r.id === row.parentId);
      return parent < 0 ? undefined : { type: 'focus', index: parent };
    }
    case 'Enter':
    case ' ':
      return { type: 'open', index };
    default:
      return undefined;
  }
}
