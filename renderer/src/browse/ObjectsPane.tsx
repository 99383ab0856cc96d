import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatCount } from '../ui/format';
import { selectionOfPlace, type Selection } from './selection';
import { visibleName } from '../ui/untrustedText';
import { Breadcrumbs } from './Breadcrumbs';
import { CopyObjectDialog } from '../objects/CopyObjectDialog';
import { DeleteObjectsDialog } from '../objects/DeleteObjectsDialog';
import { NOTHING_PICKED, type Picked } from './multiSelect';
import { LevelFigures } from './LevelFigures';
import { ObjectGrid } from './ObjectGrid';
import { restartListings } from '../cache/listingCache';
import { objectRows, RowList, type ObjectRow } from './objectRows';
import { ObjectToolbar } from './ObjectToolbar';
import { PreviewDialog } from '../objects/PreviewDialog';
import { RenameDialog } from '../objects/RenameDialog';
import { isFolderName } from '../cache/objectsUnder';
import { MakeLinkDialog } from '../objects/MakeLinkDialog';
import { NewFolderDialog } from '../objects/NewFolderDialog';
import { UploadExpiryDialog } from '../transfers/UploadExpiryDialog';
import { TempLinkDialog } from '../temp-urls/TempLinkDialog';
import type { LinkTarget } from '../temp-urls/tempLinks';
import { useObjects } from './queries';
import { useListingStart } from './useListingStart';
import { SortBar } from './SortBar';
import { FindBar } from './FindBar';
import { useFindObjects } from './useFindObjects';
import { objectMenuItems, type ObjectMenuActions } from './objectMenu';
import { ContextMenu, type MenuAt } from '../ui/ContextMenu';
import { BY_NAME, isListingOrder, type SortOrder } from './sortedRows';
import type { TreeNode } from './treeRows';
import { useFileWork } from '../transfers/FileWorkProvider';
import { useEditInEditor } from '../editing/useEditInEditor';
import { useCompareWithFolder } from '../sync/SyncProvider';
import { usePaneDrop } from './usePaneDrop';
import './objects.css';
import './find-and-sort.css';

interface Props {
  region: string;
  location: TreeNode;
  onNavigate: (node: TreeNode | null) => void;
  onSelect: (selection: Selection) => void;
}

type PaneDialog =
  | { kind: 'delete'; names: string[] }
  | { kind: 'copy'; name: string }
  | { kind: 'preview'; name: string }
  | { kind: 'rename'; from: string }
  | { kind: 'newFolder' }
  | { kind: 'uploadExpiring' }
  | { kind: 'tempLink'; target: LinkTarget }
  | { kind: 'makeLink'; target: string }
  | null;

const NO_ROWS = new RowList([], '');
const noop = () => undefined;

/** The middle pane: where we are, what can be done, and the objects of the open container or folder. */
export function ObjectsPane({ region, location, onNavigate, onSelect }: Props) {
  const { container, prefix } = location;
  const client = useQueryClient();
  const place = JSON.stringify([container, prefix]);
  const { start, jumped, windowKey, onJump } = useListingStart(place);
  const query = useObjects(region, container, prefix, start);
  const files = useFileWork();
  const editor = useEditInEditor(region, container);
  const [picked, setPicked] = useState<Picked>(NOTHING_PICKED);
  const [dialog, setDialog] = useState<PaneDialog>(null);
  const [dialogError, setDialogError] = useState<unknown>(null);

  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const { hasPreviousPage, isFetchingPreviousPage, isFetchPreviousPageError, fetchPreviousPage } = query;
  const rows = data ? objectRows(data.pages, prefix) : NO_ROWS;
  const figures = data?.pages.at(-1)?.container;
  const pickedNames = [...picked.names];
  // One fetch at a time, and none while a jump's rows are still the previous window's (placeholder):
  // a fetch of a page before or after would cancel the window's first page and start again.
  const idle = !query.isFetching && !query.isPlaceholderData;
  const loadMore = useCallback(() => {
    if (idle && hasNextPage && !isFetchNextPageError) void fetchNextPage({ cancelRefetch: false });
  }, [idle, hasNextPage, isFetchNextPageError, fetchNextPage]);
  const loadBefore = useCallback(() => {
    if (idle && hasPreviousPage && !isFetchPreviousPageError) void fetchPreviousPage({ cancelRefetch: false });
  }, [idle, hasPreviousPage, isFetchPreviousPageError, fetchPreviousPage]);
  const [sort, setSort] = useState<SortOrder>(BY_NAME);
  const search = useFindObjects(region, container);
  const finding = search.state.text !== '';
  const [menu, setMenu] = useState<MenuAt | null>(null);
  const menuActions: ObjectMenuActions = {
    open: (row) => row.type === 'folder' && onNavigate({ container, prefix: row.prefix }),
    preview: (name) => setDialog({ kind: 'preview', name }),
    edit: editor.edit,
    download: (names) => run(files.chooseAndDownload(container, names, prefix)),
    copy: (name) => setDialog({ kind: 'copy', name }),
    rename: (from) => setDialog({ kind: 'rename', from }),
    remove: (names) => setDialog({ kind: 'delete', names }),
    properties: show,
    copyText: (text) => void navigator.clipboard.writeText(text).catch(setDialogError),
    tempLink: (target) => setDialog({ kind: 'tempLink', target }),
    makeLink: (target) => setDialog({ kind: 'makeLink', target }),
    compareLocal: useCompareWithFolder(),
  };
  const loadOne = useCallback(() => {
    if (hasNextPage) void fetchNextPage({ cancelRefetch: false });
    else if (hasPreviousPage) void fetchPreviousPage({ cancelRefetch: false });
  }, [hasNextPage, hasPreviousPage, fetchNextPage, fetchPreviousPage]);
  // The grid is keyed by the window its rows come from: the old one stays on screen while a jump lists.
  const [shownKey, setShownKey] = useState(windowKey);
  if (!query.isPlaceholderData && shownKey !== windowKey) setShownKey(windowKey);

  // What the grid does with picks, previews, deletes and menus, whether it shows the listing or a search's matches.
  const gridActions = {
    sort,
    onSort: setSort,
    picked,
    // Nothing picked any more (Esc, the last box unticked): the details fall back to where the person is.
    onPick: (next: Picked) => {
      setPicked(next);
      if (next.names.size === 0) onSelect(selectionOfPlace(location));
    },
    onOpenObject: (name: string) => setDialog({ kind: 'preview', name }),
    onShow: show,
    onDeleteKey: () => setDialog({ kind: 'delete', names: pickedNames }),
    onRenameKey: (row: ObjectRow) => setDialog({ kind: 'rename', from: row.type === 'folder' ? row.prefix : row.name }),
    onEditKey: (row: ObjectRow) => row.type !== 'folder' && editor.edit(row.name),
    onMenu: (row: ObjectRow, at: { x: number; y: number }, from: HTMLElement) =>
      setMenu({
        ...at,
        items: objectMenuItems(row, container, pickedNames, menuActions),
        returnFocus: from,
        label: `Actions for ${visibleName(row.label)}`,
      }),
  };

  function show(row: ObjectRow) {
    onSelect(
      row.type === 'folder'
        ? { kind: 'folder', container, prefix: row.prefix }
        : { kind: 'object', container, name: row.name },
    );
  }

  function run(work: Promise<unknown>) {
    setDialogError(null);
    work.catch(setDialogError);
  }

  const { dropping, handlers: dropHandlers } = usePaneDrop(
    region,
    location,
    finding ? objectRows(search.state.pages, '') : rows,
    picked,
  );

  return (
    // The whole pane takes dropped files (uploaded here) and objects from another window (copied here).
    <section className="objects-pane" aria-label="Objects pane" {...dropHandlers}>
      <div className="objects-header">
        <Breadcrumbs location={location} onNavigate={onNavigate} />
        <LevelFigures
          figures={figures}
          folder={prefix ? { loaded: rows.length, more: Boolean(hasNextPage || hasPreviousPage) } : undefined}
        />
      </div>
      <ObjectToolbar
        pickedCount={picked.names.size}
        canCopy={pickedNames.length === 1 && !isFolderName(pickedNames[0] ?? '/')}
        refreshing={query.isRefetching}
        onUpload={() => run(files.chooseAndUpload(location))}
        onUploadMenu={(from) => {
          const { left, bottom } = from.getBoundingClientRect();
          const items = [{ label: 'Upload with expiry…', run: () => setDialog({ kind: 'uploadExpiring' }) }];
          setMenu({ x: left, y: bottom + 2, items, returnFocus: from, label: 'Upload options' });
        }}
        onNewFolder={() => setDialog({ kind: 'newFolder' })}
        onDownload={() => run(files.chooseAndDownload(container, pickedNames, prefix))}
        onCopy={() => pickedNames[0] !== undefined && setDialog({ kind: 'copy', name: pickedNames[0] })}
        onDelete={() => setDialog({ kind: 'delete', names: pickedNames })}
        // Refresh lists each window's first page again, not every page scrolled through.
        onRefresh={() => void restartListings(client, region, container)}
      />
      <FindBar
        state={search.state}
        onFind={(text) => void search.find(text)}
        onStop={search.stop}
        onClear={search.clear}
      />
      {dialogError !== null && (
        <ErrorMessage error={dialogError} title="The file dialog failed." className="objects-error" />
      )}
      {editor.problem}
      <div className="objects-body">
        {finding ? (
          <ObjectGrid
            key="find"
            rows={objectRows(search.state.pages, '')}
            {...gridActions}
            prefix=""
            hasMore={false}
            hasBefore={false}
            loadMore={noop}
            loadBefore={noop}
            onJump={noop}
            onOpenFolder={noop}
          />
        ) : query.isPending ? (
          <p className="list-status" role="status">
            Loading…
          </p>
        ) : query.isError && !data ? (
          <ErrorMessage
            title={`Could not list “${visibleName(container)}${prefix ? `/${visibleName(prefix)}` : ''}”.`}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            className="objects-error"
          />
        ) : rows.length === 0 && !hasNextPage && !hasPreviousPage ? (
          <div className="objects-empty">
            <p>{prefix ? 'This folder is empty.' : 'This container is empty.'}</p>
            <p className="muted">Drop files here, or choose Upload.</p>
          </div>
        ) : (
          <>
            {!isListingOrder(sort) && (
              <SortBar
                sort={sort}
                loaded={rows.length}
                more={hasNextPage || hasPreviousPage}
                fetching={query.isFetching}
                failed={isFetchNextPageError || isFetchPreviousPageError}
                loadOne={loadOne}
              />
            )}
            <ObjectGrid
              key={shownKey}
              rows={rows}
              {...gridActions}
              prefix={prefix}
              hasMore={hasNextPage}
              hasBefore={hasPreviousPage}
              loadMore={loadMore}
              loadBefore={loadBefore}
              onJump={onJump}
              focusAt={jumped && !query.isPlaceholderData ? start : undefined}
              onOpenFolder={(folder) => onNavigate({ container, prefix: folder })}
              header={
                (isFetchingPreviousPage || isFetchPreviousPageError) && (
                  <p className="grid-more muted" role="status">
                    {isFetchPreviousPageError
                      ? 'Could not load the names before these.'
                      : 'Loading the names before these…'}
                  </p>
                )
              }
              footer={
                isFetchNextPageError ? (
                  <ErrorMessage
                    title="Could not load more objects."
                    error={query.error}
                    onRetry={() => void fetchNextPage()}
                    className="objects-error"
                  />
                ) : (
                  hasNextPage && (
                    <p className="grid-more muted" role="status">
                      {isFetchingNextPage ? `Loading more… (${formatCount(rows.length)} so far)` : ''}
                    </p>
                  )
                )
              }
            />
          </>
        )}
        {dropping && (
          <div className="drop-overlay" aria-hidden="true">
            {dropping === 'copy' ? (
              `Drop to copy to ${visibleName(container)} in ${region}`
            ) : (
              <>
                Drop to upload to {visibleName(container)}
                {prefix ? `/${visibleName(prefix)}` : ''}
              </>
            )}
          </div>
        )}
      </div>
      {dialog?.kind === 'delete' && (
        <DeleteObjectsDialog
          region={region}
          container={container}
          names={dialog.names}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            search.forget(dialog.names);
            setDialog(null);
            setPicked(NOTHING_PICKED);
            // The details pane may show what is gone: it falls back to where the person is.
            onSelect(selectionOfPlace(location));
          }}
        />
      )}
      {menu && <ContextMenu menu={menu} onClose={() => setMenu(null)} />}
      {dialog?.kind === 'rename' && (
        <RenameDialog
          region={region}
          container={container}
          from={dialog.from}
          onClose={() => setDialog(null)}
          onMoved={(to) => {
            setDialog(null);
            setPicked(NOTHING_PICKED);
            onSelect(
              to.endsWith('/') ? { kind: 'folder', container, prefix: to } : { kind: 'object', container, name: to },
            );
          }}
        />
      )}
      {dialog?.kind === 'uploadExpiring' && (
        <UploadExpiryDialog
          place={container + (prefix ? `/${prefix}` : '')}
          onClose={() => setDialog(null)}
          onChoose={(deleteAt) => {
            setDialog(null);
            run(files.chooseAndUpload(location, deleteAt));
          }}
        />
      )}
      {dialog?.kind === 'newFolder' && (
        <NewFolderDialog region={region} container={container} prefix={prefix} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'preview' && (
        <PreviewDialog
          region={region}
          container={container}
          name={dialog.name}
          onClose={() => setDialog(null)}
          onDownload={() => run(files.chooseAndDownload(container, [dialog.name]))}
        />
      )}
      {dialog?.kind === 'makeLink' && (
        <MakeLinkDialog region={region} container={container} target={dialog.target} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'tempLink' && (
        <TempLinkDialog region={region} container={container} target={dialog.target} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'copy' && (
        <CopyObjectDialog
          region={region}
          from={{ container, name: dialog.name }}
          onClose={() => setDialog(null)}
          onCopied={() => setDialog(null)}
        />
      )}
    </section>
  );
}
