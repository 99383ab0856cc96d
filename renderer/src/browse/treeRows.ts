/**
 * The container tree as one flat list of rows, so a single virtualizer can
 * show 10,000 containers and their folders: each expanded node's children
 * follow it, and a level that has more pages ends with a "more" row that
 * loads the next page when it scrolls near.
 */
import type { ContainerSummary } from '../../../shared/domain';

/** What one paged level has loaded so far. */
export interface Level<T> {
  items: readonly T[];
  /** More pages exist (or the first is still on its way). */
  hasMore: boolean;
  fetching: boolean;
  error: unknown;
  /** The last name its listing has read (objects included), when it read any: no later page lists a name before it. */
  reached?: string | undefined;
}

/** A tree node: a container (`prefix` '') or one of its pseudo-folders (`prefix` ends in "/"). */
export interface TreeNode {
  container: string;
  prefix: string;
}

export interface NodeRow extends TreeNode {
  type: 'node';
  id: string;
  /** 1 for containers, 2 for their top folders, … (aria-level). */
  depth: number;
  /** The last segment: the container name, or the folder's name without its "/". */
  label: string;
  summary: ContainerSummary | undefined;
  expanded: boolean;
  /** Known to have no folders (expanded and fully listed). */
  leaf: boolean;
  posInSet: number;
  /** -1 while the level is still being paged (ARIA's "unknown"). */
  setSize: number;
  parentId: string | undefined;
}

export interface MoreRow {
  type: 'more';
  id: string;
  depth: number;
  /** The node whose children this row continues; undefined for the container list itself. */
  levelId: string | undefined;
  fetching: boolean;
  error: unknown;
  /** The level's `reached`. */
  reached: string | undefined;
}

export type TreeRow = NodeRow | MoreRow;

export const nodeId = (node: TreeNode): string => JSON.stringify([node.container, node.prefix]);

/** "a/b/" → "b"; a container's label is its name. */
export function folderLabel(prefix: string): string {
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

export interface TreeInput {
  containers: Level<ContainerSummary>;
  expanded: ReadonlySet<string>;
  /** The folder prefixes under an expanded node, when its listing is known. */
  folders: (id: string) => Level<string> | undefined;
}

export function treeRows({ containers, expanded, folders }: TreeInput): TreeRow[] {
  const rows: TreeRow[] = [];

  const addLevel = <T>(
    level: Level<T>,
    depth: number,
    parentId: string | undefined,
    toNode: (item: T) => { node: TreeNode; label: string; summary: ContainerSummary | undefined },
  ) => {
    const setSize = level.hasMore ? -1 : level.items.length;
    level.items.forEach((item, index) => {
      const { node, label, summary } = toNode(item);
      const id = nodeId(node);
      const isExpanded = expanded.has(id);
      const children = isExpanded ? folders(id) : undefined;
      const leaf = children !== undefined && !children.hasMore && children.items.length === 0 && !children.error;
      rows.push({
        type: 'node',
        id,
        ...node,
        depth,
        label,
        summary,
        expanded: isExpanded && !leaf,
        leaf,
        posInSet: index + 1,
        setSize,
        parentId,
      });
      if (isExpanded && !leaf) {
        const level = children ?? { items: [], hasMore: true, fetching: true, error: null };
        addLevel(level, depth + 1, id, (prefix: string) => ({
          node: { container: node.container, prefix },
          label: folderLabel(prefix),
          summary: undefined,
        }));
      }
    });
    if (level.hasMore || level.error) {
      rows.push({
        type: 'more',
        id: `more:${parentId ?? ''}`,
        depth,
        levelId: parentId,
        fetching: level.fetching,
        error: level.error,
        reached: level.reached,
      });
    }
  };

  addLevel(containers, 1, undefined, (c: ContainerSummary) => ({
    node: { container: c.name, prefix: '' },
    label: c.name,
    summary: c,
  }));
  return rows;
}
