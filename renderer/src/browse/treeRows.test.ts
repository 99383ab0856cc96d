import { describe, expect, it } from 'vitest';
import type { ContainerSummary } from '../../../shared/domain';
import { treeKeyAction } from './treeKeys';
import { ancestorsOf, shownExpanded } from './treeLevels';
import { folderLabel, nodeId, treeRows, type Level, type NodeRow, type TreeRow } from './treeRows';

const summary = (name: string): ContainerSummary => ({ name, objectCount: 1, bytesUsed: 1, lastModified: undefined });
const level = <T>(items: T[], more = false): Level<T> => ({ items, hasMore: more, fetching: false, error: null });
const describeRows = (rows: TreeRow[]) =>
  rows.map((r) => (r.type === 'node' ? `${'  '.repeat(r.depth - 1)}${r.label}${r.expanded ? '/' : ''}` : '…'));

describe('treeRows', () => {
  it('lists containers as the first level, with a "more" row while pages remain', () => {
    const rows = treeRows({
      containers: level([summary('a'), summary('b')], true),
      expanded: new Set(),
      folders: () => undefined,
    });
    expect(describeRows(rows)).toEqual(['a', 'b', '…']);
    const first = rows[0] as NodeRow;
    expect(first).toMatchObject({ depth: 1, posInSet: 1, setSize: -1, container: 'a', prefix: '', leaf: false });
  });

  it('puts the folders of an expanded node right after it, each level paged on its own', () => {
    const a = nodeId({ container: 'a', prefix: '' });
    const docs = nodeId({ container: 'a', prefix: 'docs/' });
    const rows = treeRows({
      containers: level([summary('a'), summary('b')]),
      expanded: new Set([a, docs]),
      folders: (id) => (id === a ? level(['docs/', 'pics/']) : id === docs ? level(['docs/2024/'], true) : undefined),
    });
    expect(describeRows(rows)).toEqual(['a/', '  docs/', '    2024', '…', '  pics', 'b']);
    expect(rows[2]).toMatchObject({ container: 'a', prefix: 'docs/2024/', depth: 3, parentId: docs, setSize: -1 });
    expect(rows[3]).toMatchObject({ type: 'more', levelId: docs, depth: 3 });
    expect(rows[5]).toMatchObject({ posInSet: 2, setSize: 2 });
  });

  it('shows an expanded node still loading as a "more" row, and one without folders as a leaf', () => {
    const a = nodeId({ container: 'a', prefix: '' });
    const b = nodeId({ container: 'b', prefix: '' });
    const rows = treeRows({
      containers: level([summary('a'), summary('b')]),
      expanded: new Set([a, b]),
      folders: (id) => (id === b ? level([]) : undefined),
    });
    expect(rows.map((r) => r.type)).toEqual(['node', 'more', 'node']);
    expect(rows[1]).toMatchObject({ fetching: true, levelId: a });
    expect(rows[2]).toMatchObject({ leaf: true, expanded: false });
  });

  it('keeps a failed level visible with its error', () => {
    const a = nodeId({ container: 'a', prefix: '' });
    const error = new Error('boom');
    const rows = treeRows({
      containers: level([summary('a')]),
      expanded: new Set([a]),
      folders: () => ({ items: [], hasMore: false, fetching: false, error }),
    });
    expect(rows[1]).toMatchObject({ type: 'more', error });
    expect(rows[0]).toMatchObject({ leaf: false, expanded: true });
  });
});

describe('folderLabel', () => {
  it('takes the last segment without the slash', () => {
    expect(folderLabel('a/b/')).toBe('b');
    expect(folderLabel('a/')).toBe('a');
    expect(folderLabel('a//')).toBe('');
  });
});

describe('treeKeyAction', () => {
  const a = nodeId({ container: 'a', prefix: '' });
  const rows = treeRows({
    containers: level([summary('a'), summary('b'), summary('c')], true),
    expanded: new Set([a]),
    folders: () => level(['x/', 'y/']),
  });
  // a/, x, y, b, c, …

  it('moves up and down over nodes, skipping the "more" row', () => {
    expect(treeKeyAction(rows, 0, 'ArrowDown', 10)).toEqual({ type: 'focus', index: 1 });
    expect(treeKeyAction(rows, 4, 'ArrowDown', 10)).toBeUndefined();
    expect(treeKeyAction(rows, 0, 'ArrowUp', 10)).toBeUndefined();
    expect(treeKeyAction(rows, 3, 'ArrowUp', 10)).toEqual({ type: 'focus', index: 2 });
    expect(treeKeyAction(rows, 2, 'End', 10)).toEqual({ type: 'focus', index: 4 });
    expect(treeKeyAction(rows, 4, 'Home', 10)).toEqual({ type: 'focus', index: 0 });
    expect(treeKeyAction(rows, 0, 'PageDown', 2)).toEqual({ type: 'focus', index: 2 });
    expect(treeKeyAction(rows, 0, 'PageDown', 50)).toEqual({ type: 'focus', index: 4 });
    expect(treeKeyAction(rows, 4, 'PageUp', 3)).toEqual({ type: 'focus', index: 1 });
  });

  it('expands, steps into, collapses and steps out', () => {
    expect(treeKeyAction(rows, 0, 'ArrowRight', 10)).toEqual({ type: 'focus', index: 1 });
    expect(treeKeyAction(rows, 3, 'ArrowRight', 10)).toEqual({
      type: 'expand',
      id: nodeId({ container: 'b', prefix: '' }),
    });
    expect(treeKeyAction(rows, 0, 'ArrowLeft', 10)).toEqual({ type: 'collapse', id: a });
    expect(treeKeyAction(rows, 2, 'ArrowLeft', 10)).toEqual({ type: 'focus', index: 0 });
    expect(treeKeyAction(rows, 3, 'ArrowLeft', 10)).toBeUndefined();
  });

  it('opens with Enter and Space, and ignores other keys', () => {
    expect(treeKeyAction(rows, 2, 'Enter', 10)).toEqual({ type: 'open', index: 2 });
    expect(treeKeyAction(rows, 2, ' ', 10)).toEqual({ type: 'open', index: 2 });
    expect(treeKeyAction(rows, 2, 'x', 10)).toBeUndefined();
  });
});

describe('tree levels', () => {
  it('names the ancestors of a folder, outermost first', () => {
    expect(ancestorsOf({ container: 'c', prefix: '' })).toEqual([]);
    expect(ancestorsOf({ container: 'c', prefix: 'a/' })).toEqual([{ container: 'c', prefix: '' }]);
    expect(ancestorsOf({ container: 'c', prefix: 'a/b/c/' })).toEqual([
      { container: 'c', prefix: '' },
      { container: 'c', prefix: 'a/' },
      { container: 'c', prefix: 'a/b/' },
    ]);
    const nodes = [
      { container: 'c', prefix: '' },
      { container: 'c', prefix: 'a/b/' },
      { container: 'd', prefix: 'x/' },
    ];
    const expanded = new Map(nodes.map((n) => [nodeId(n), n]));
    expanded.set(nodeId({ container: 'c', prefix: 'a/' }), { container: 'c', prefix: 'a/' });
    expect(shownExpanded(expanded).map(nodeId)).toEqual(
      [nodes[0]!, nodes[1]!, { container: 'c', prefix: 'a/' }].map(nodeId),
    );
  });
});
