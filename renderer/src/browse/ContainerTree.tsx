import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  type Dispatch,
  type DragEvent,
  type KeyboardEvent,
  type SetStateAction,
} from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';
import { hasFiles } from '../ui/dropFiles';
import { formatBytes, formatCount, formatExactBytes } from '../ui/format';
import { ChevronIcon, ContainerIcon, FolderIcon } from '../ui/icons';
import { UntrustedName } from '../ui/UntrustedName';
import { useRowVirtualizer } from '../ui/useRowVirtualizer';
import type { ContainersQuery } from './queries';
import { treeKeyAction } from './treeKeys';
import { ancestorsOf, containerLevel, folderLevel, shownExpanded } from './treeLevels';
import { nodeId, treeRows, type MoreRow, type NodeRow, type TreeNode, type TreeRow } from './treeRows';
import { useFolderListings } from './useFolderListings';
import { useTreePlace } from './useTreePlace';

const INDENT_PX = 16;

interface Props {
  region: string;
  query: ContainersQuery;
  /** The prefix the containers are filtered by: another filter is another list. */
  filter: string;
  /** What the objects pane shows; its row is the selected one. */
  location: TreeNode | null;
  onOpen: (node: TreeNode) => void;
  onDropFiles: (node: TreeNode, files: File[]) => void;
  /** The context menu was asked for on a container or folder (right-click, the menu key, Shift+F10). */
  onMenu: (node: TreeNode, at: { x: number; y: number }, from: HTMLElement) => void;
  /** Expanded nodes, kept by the pane so they survive a change of filter. */
  expanded: ReadonlyMap<string, TreeNode>;
  setExpanded: Dispatch<SetStateAction<ReadonlyMap<string, TreeNode>>>;
}

/**
 * The region's containers and their pseudo-folders as one virtualized tree
 * (WAI-ARIA tree pattern, flattened: aria-level/posinset/setsize on each
 * item). Every level pages by marker on its own as it scrolls near.
 */
export function ContainerTree(props: Props) {
  const { region, query, filter, location, onOpen, onDropFiles, onMenu, expanded, setExpanded } = props;
  const [focusedId, setFocusedId] = useState<string>();
  const [dropId, setDropId] = useState<string>();

  const observed = useMemo(() => shownExpanded(expanded), [expanded]);
  const listings = useFolderListings(region, observed);
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, error, fetchNextPage } = query;
  const containers = useMemo(
    () => containerLevel({ data, hasNextPage, isFetchingNextPage, isFetchNextPageError, error }),
    [data, hasNextPage, isFetchingNextPage, isFetchNextPageError, error],
  );
  const rows = useMemo(
    () =>
      treeRows({
        containers,
        expanded: new Set(expanded.keys()),
        folders: (id) => folderLevel(listings.results.get(id)),
      }),
    [containers, expanded, listings.results],
  );

  // A folder opened from the objects pane is revealed: its container and folders above it expand.
  const locationId = location ? nodeId(location) : undefined;
  useEffect(() => {
    if (!location) return;
    const missing = ancestorsOf(location).filter((node) => !expanded.has(nodeId(node)));
    if (missing.length === 0) return;
    setExpanded((old) => new Map([...old, ...missing.map((node) => [nodeId(node), node] as const)]));
    // Only a new location reveals; collapsing afterwards is the person's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locationId]);

  /** A level's next page (undefined: the container list), unless one is on its way or the last one failed. */
  const loadLevel = useCallback(
    (levelId: string | undefined) => {
      if (levelId !== undefined) listings.fetchNext(levelId);
      else if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
    },
    [listings, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage],
  );
  // Each level whose end is near what the person sees loads its next page.
  const loadNear = useCallback(
    (from: number, to: number) => {
      for (let i = from; i <= to; i++) {
        const row = rows[i];
        if (row?.type === 'more' && !row.error) loadLevel(row.levelId);
      }
    },
    [rows, loadLevel],
  );
  const { scrollerRef, virtualizer, items, focusRow, pageRows } = useRowVirtualizer({
    rows,
    keyField: 'id',
    onNear: loadNear,
  });
  useTreePlace({ rows, list: filter, virtualizer, scrollerRef, loadLevel });

  const selectedId = locationId;
  const focusIndex = Math.max(
    0,
    rows.findIndex((r) => r.id === (focusedId ?? selectedId)),
  );

  function toggle(row: NodeRow, open?: boolean) {
    const willOpen = open ?? !row.expanded;
    setExpanded((old) => {
      const next = new Map(old);
      if (willOpen) next.set(row.id, { container: row.container, prefix: row.prefix });
      else next.delete(row.id);
      return next;
    });
  }

  function focus(index: number) {
    const row = rows[index];
    if (!row) return;
    setFocusedId(row.id);
    focusRow(index);
  }

  function open(row: NodeRow) {
    setFocusedId(row.id);
    onOpen({ container: row.container, prefix: row.prefix });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.target instanceof HTMLElement) || event.target.getAttribute('role') !== 'treeitem') return;
    const index = Number(event.target.dataset.index);
    const menuRow = rows[index];
    if ((event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) && menuRow?.type === 'node') {
      event.preventDefault();
      const box = event.target.getBoundingClientRect();
      onMenu(
        { container: menuRow.container, prefix: menuRow.prefix },
        { x: box.left + 40, y: box.bottom },
        event.target,
      );
      return;
    }
    const action = treeKeyAction(rows, index, event.key, pageRows());
    if (!action) return;
    event.preventDefault();
    const row = rows[index];
    if (action.type === 'focus') focus(action.index);
    else if (action.type === 'open' && row?.type === 'node') open(row);
    else if (row?.type === 'node') toggle(row, action.type === 'expand');
  }

  const rowAt = (event: DragEvent): NodeRow | undefined => {
    const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-index]') : null;
    const row = el ? rows[Number(el.dataset.index)] : undefined;
    return row?.type === 'node' ? row : undefined;
  };

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    const row = hasFiles(event) ? rowAt(event) : undefined;
    if (!row) {
      setDropId(undefined);
      return;
    }
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropId(row.id);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    const row = rowAt(event);
    setDropId(undefined);
    if (!row) return;
    event.preventDefault();
    onDropFiles({ container: row.container, prefix: row.prefix }, Array.from(event.dataTransfer.files));
  }

  return (
    <div
      ref={scrollerRef}
      className="list-scroller tree-scroller"
      data-testid="container-scroller"
      onKeyDown={onKeyDown}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropId(undefined);
      }}
      onDrop={onDrop}
    >
      <div role="tree" aria-label="Containers" className="tree" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const place = { transform: `translateY(${item.start}px)` };
          if (row.type === 'more') {
            return (
              <MoreItem
                key={item.key}
                row={row}
                index={item.index}
                measure={virtualizer.measureElement}
                style={place}
                onRetry={() => (row.levelId === undefined ? void fetchNextPage() : listings.retry(row.levelId))}
              />
            );
          }
          return (
            <NodeItem
              key={item.key}
              row={row}
              index={item.index}
              measure={virtualizer.measureElement}
              style={place}
              selected={row.id === selectedId}
              focusable={item.index === focusIndex}
              dropTarget={row.id === dropId}
              onOpen={() => open(row)}
              onToggle={() => toggle(row)}
              onMenu={(at, from) => {
                setFocusedId(row.id);
                onMenu({ container: row.container, prefix: row.prefix }, at, from);
              }}
            />
          );
        })}
      </div>
    </div>
  );
}

interface ItemProps<R extends TreeRow> {
  row: R;
  index: number;
  measure: (el: HTMLElement | null) => void;
  style: { transform: string };
}

function NodeItem({
  row,
  index,
  measure,
  style,
  selected,
  focusable,
  dropTarget,
  onOpen,
  onToggle,
  onMenu,
}: ItemProps<NodeRow> & {
  selected: boolean;
  focusable: boolean;
  dropTarget: boolean;
  onOpen: () => void;
  onToggle: () => void;
  onMenu: (at: { x: number; y: number }, from: HTMLElement) => void;
}) {
  const classes = ['row', 'tree-row', selected && 'selected', dropTarget && 'drop-target'].filter(Boolean).join(' ');
  return (
    <div
      ref={measure}
      role="treeitem"
      aria-level={row.depth}
      aria-posinset={row.posInSet}
      aria-setsize={row.setSize}
      aria-expanded={row.leaf ? undefined : row.expanded}
      aria-selected={selected}
      data-index={index}
      tabIndex={focusable ? 0 : -1}
      className={classes}
      style={style}
      onClick={onOpen}
      onDoubleClick={onToggle}
      onContextMenu={(event) => {
        event.preventDefault();
        onMenu({ x: event.clientX, y: event.clientY }, event.currentTarget);
      }}
    >
      <span className="tree-indent" style={{ width: (row.depth - 1) * INDENT_PX }} />
      <span
        className={row.leaf ? 'twisty twisty-leaf' : row.expanded ? 'twisty twisty-open' : 'twisty'}
        aria-hidden="true"
        onClick={(event) => {
          event.stopPropagation();
          if (!row.leaf) onToggle();
        }}
        onDoubleClick={(event) => event.stopPropagation()}
      >
        {!row.leaf && <ChevronIcon />}
      </span>
      {row.depth === 1 ? <ContainerIcon /> : <FolderIcon />}
      <UntrustedName name={row.label} className="row-name" middleEllipsis readWhole />
      {/* No storage policy here: Swift's account listing gives a name, its counts and last_modified, never the
          policy (Swift 2.30), and a HEAD per row would cost a call per container in an account of a million.
          The container's HEAD, in the details pane, names the policy of the one that is open. */}
      {row.summary && (
        // Hidden from the item's accessible name, which is the name alone; the details pane has the figures.
        <span className="row-figures" aria-hidden="true">
          <span className="row-count" title={`${formatCount(row.summary.objectCount)} objects`}>
            {formatCount(row.summary.objectCount)}
          </span>
          <span className="row-size" title={formatExactBytes(row.summary.bytesUsed)}>
            {formatBytes(row.summary.bytesUsed)}
          </span>
        </span>
      )}
    </div>
  );
}

function MoreItem({ row, index, measure, style, onRetry }: ItemProps<MoreRow> & { onRetry: () => void }) {
  const indent = { paddingLeft: 10 + (row.depth - 1) * INDENT_PX + 20 };
  if (row.error) {
    return (
      <div
        ref={measure}
        role="group"
        aria-label="Loading problem"
        data-index={index}
        className="tree-more"
        style={{ ...style, ...indent }}
      >
        <ErrorMessage
          title={row.depth === 1 ? 'Could not load more containers.' : 'Could not list the folders.'}
          error={row.error}
          onRetry={onRetry}
          className="tree-error"
        />
      </div>
    );
  }
  return (
    <div
      ref={measure}
      aria-hidden="true"
      data-index={index}
      className="row tree-more muted"
      style={{ ...style, ...indent }}
    >
      {row.fetching ? 'Loading…' : ''}
    </div>
  );
}
