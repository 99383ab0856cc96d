import { formatCount } from '../ui/format';

interface Props {
  pickedCount: number;
  /** One object is picked (not a folder): it can be copied. */
  canCopy: boolean;
  refreshing: boolean;
  onUpload: () => void;
  /** Opens the other ways to upload (with an expiry), as a menu below `from`. */
  onUploadMenu: (from: HTMLElement) => void;
  onNewFolder: () => void;
  onDownload: () => void;
  onCopy: () => void;
  onDelete: () => void;
  onRefresh: () => void;
}

/** What can be done here: upload into this level, and work on the selected objects. */
export function ObjectToolbar(props: Props) {
  const { pickedCount, canCopy, refreshing, onUpload, onUploadMenu, onNewFolder } = props;
  const { onDownload, onCopy, onDelete, onRefresh } = props;
  return (
    <div role="toolbar" aria-label="Object actions" className="object-toolbar">
      <button type="button" className="upload-main" onClick={onUpload}>
        Upload…
      </button>
      <button
        type="button"
        className="upload-more"
        aria-label="More ways to upload"
        aria-haspopup="menu"
        title="More ways to upload"
        onClick={(event) => onUploadMenu(event.currentTarget)}
      >
        <span aria-hidden="true">▾</span>
      </button>
      <button type="button" onClick={onNewFolder}>
        New folder…
      </button>
      <button type="button" onClick={onDownload} disabled={pickedCount === 0}>
        Download…
      </button>
      <button type="button" onClick={onCopy} disabled={!canCopy}>
        Copy…
      </button>
      <button type="button" className="danger" onClick={onDelete} disabled={pickedCount === 0}>
        Delete…
      </button>
      <span className="toolbar-spacer" />
      <span className="muted picked-count" aria-live="polite">
        {pickedCount > 0 ? `${formatCount(pickedCount)} selected` : ''}
      </span>
      <button type="button" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? 'Refreshing…' : 'Refresh'}
      </button>
    </div>
  );
}
