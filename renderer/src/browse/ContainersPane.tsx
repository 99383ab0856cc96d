import { useState, type ComponentProps } from 'react';
import { isApiError } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatCount, formatCountOf } from '../ui/format';
import { useAccount, useSession } from '../cache/queries';
import { CompareRegionsDialog } from '../regions/CompareRegionsDialog';
import { useCompareWithFolder } from '../sync/SyncProvider';
import { ContextMenu, type MenuAt } from '../ui/ContextMenu';
import { PlusIcon, TrashIcon } from '../ui/icons';
import { visibleName } from '../ui/untrustedText';
import { useSettled } from '../ui/useSettled';
import { ContainerTree } from './ContainerTree';
import { CreateContainerDialog } from '../containers/CreateContainerDialog';
import { DeleteContainerDialog } from '../containers/DeleteContainerDialog';
import { useContainers } from './queries';
import { OpenByName } from './OpenByName';
import { parentPrefix, treeMenuItems, type TreeMenuActions } from './treeMenu';
import type { TreeNode } from './treeRows';
import './containers.css';

interface Props {
  region: string;
  location: TreeNode | null;
  onOpen: (node: TreeNode) => void;
  onDropFiles: (node: TreeNode, files: File[]) => void;
  onContainerDeleted: (container: string) => void;
  /** The context menu's file work (see useFileWork). */
  onUpload: (node: TreeNode) => void;
  onDownload: (container: string, names: string[], levelPrefix: string) => void;
  onProperties: () => void;
}

const FILTER_DELAY_MS = 250;

type PaneDialog =
  { kind: 'create' } | { kind: 'delete'; container: string } | { kind: 'compare'; node: TreeNode } | null;

/** The left pane: counts, container actions, a prefix filter (asked of the server), then the tree. */
export function ContainersPane(props: Props) {
  const { region, location, onOpen, onDropFiles, onContainerDeleted } = props;
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<PaneDialog>(null);
  const [menu, setMenu] = useState<MenuAt | null>(null);
  const menuActions: TreeMenuActions = {
    open: onOpen,
    upload: props.onUpload,
    // A folder downloads as itself (its path kept from its parent's level), a container as its whole tree.
    download: ({ container, prefix }) => props.onDownload(container, [prefix], prefix && parentPrefix(prefix)),
    copyText: (text) => void navigator.clipboard.writeText(text).catch(() => undefined),
    removeContainer: (container) => setDialog({ kind: 'delete', container }),
    properties: (node) => {
      onOpen(node);
      props.onProperties();
    },
    compare: (node) => setDialog({ kind: 'compare', node }),
    compareLocal: useCompareWithFolder(),
  };
  const otherRegions = (useSession().data?.regions ?? []).map((r) => r.name).filter((name) => name !== region);
  const [expanded, setExpanded] = useState<ReadonlyMap<string, TreeNode>>(() => new Map());
  const prefix = useSettled(filter, FILTER_DELAY_MS);
  const containers = useContainers(region, prefix);
  const account = useAccount(region);

  const loaded = containers.data?.pages.reduce((n, page) => n + page.containers.length, 0);
  const total = account.data?.containerCount;
  const current = location?.container;

  return (
    <nav className="pane pane-containers" aria-label="Container browser">
      <div className="pane-header">
        <h2>Containers</h2>
        <span className="muted count" aria-live="polite">
          {countLabel(loaded, total, Boolean(prefix), containers.hasNextPage)}
        </span>
        <span className="pane-header-actions">
          <button
            type="button"
            className="icon-button"
            aria-label="New container"
            title="New container"
            onClick={() => setDialog({ kind: 'create' })}
          >
            <PlusIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Delete container"
            title={current === undefined ? 'Delete container' : `Delete container “${visibleName(current)}”`}
            disabled={current === undefined}
            onClick={() => current !== undefined && setDialog({ kind: 'delete', container: current })}
          >
            <TrashIcon />
          </button>
        </span>
      </div>
      <div className="pane-filter">
        <input
          type="search"
          aria-label="Filter containers by prefix"
          placeholder="Filter by prefix"
          spellCheck={false}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <ContainerBody
        region={region}
        query={containers}
        prefix={prefix}
        location={location}
        onOpen={onOpen}
        onDropFiles={onDropFiles}
        onMenu={(node, at, from) =>
          setMenu({
            ...at,
            items: treeMenuItems(node, menuActions, otherRegions),
            returnFocus: from,
            label: `Actions for ${visibleName(node.prefix ? node.prefix : node.container)}`,
          })
        }
        expanded={expanded}
        setExpanded={setExpanded}
      />
      {dialog?.kind === 'create' && (
        <CreateContainerDialog
          region={region}
          onClose={() => setDialog(null)}
          onCreated={(name) => {
            setDialog(null);
            onOpen({ container: name, prefix: '' });
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteContainerDialog
          region={region}
          container={dialog.container}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            onContainerDeleted(dialog.container);
          }}
        />
      )}
      {dialog?.kind === 'compare' && (
        <CompareRegionsDialog
          region={region}
          others={otherRegions}
          container={dialog.node.container}
          prefix={dialog.node.prefix}
          onClose={() => setDialog(null)}
        />
      )}
      {menu && <ContextMenu menu={menu} onClose={() => setMenu(null)} />}
    </nav>
  );
}

function ContainerBody({
  query,
  prefix,
  ...tree
}: Pick<Props, 'region' | 'location' | 'onOpen' | 'onDropFiles'> &
  Pick<ComponentProps<typeof ContainerTree>, 'expanded' | 'setExpanded' | 'onMenu'> & {
    query: ReturnType<typeof useContainers>;
    prefix: string;
  }) {
  if (query.isPending) {
    return (
      <div className="list-scroller" data-testid="container-scroller" aria-busy="true">
        <p className="list-status" role="status">
          Loading…
        </p>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="row row-skeleton" aria-hidden="true">
            <span className="skeleton" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="list-scroller" data-testid="container-scroller">
        <ErrorMessage
          title="Could not list the containers."
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="list-error"
        />
        {isApiError(query.error, 'forbidden') && <OpenByName onOpen={tree.onOpen} />}
      </div>
    );
  }
  const empty = !query.data?.pages.some((page) => page.containers.length > 0) && !query.hasNextPage;
  if (empty) {
    return (
      <div className="list-scroller" data-testid="container-scroller">
        <p className="list-empty">
          {prefix ? `No containers start with “${visibleName(prefix)}”` : 'No containers in this region'}
        </p>
      </div>
    );
  }
  return (
    <>
      {/* Headings for the figures beside each name; hidden from the tree's accessible names, as the figures are. */}
      <div className="tree-head" aria-hidden="true">
        <span className="tree-head-name">Name</span>
        <span className="row-count">Objects</span>
        <span className="row-size">Size</span>
      </div>
      <ContainerTree query={query} filter={prefix} {...tree} />
    </>
  );
}

function countLabel(loaded: number | undefined, total: number | undefined, filtered: boolean, more: boolean): string {
  if (loaded === undefined) return '';
  if (filtered) return more ? `${formatCount(loaded)}+ matching` : `${formatCount(loaded)} matching`;
  if (!more) return formatCountOf(loaded, 'container');
  if (total === undefined) return `${formatCount(loaded)} loaded`;
  return `${formatCount(loaded)} of ${formatCount(total)}`;
}
