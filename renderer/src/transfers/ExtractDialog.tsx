/**
 * The confirmation of a dropped archive: what extracting it would create,
 * refuse and replace, read by the main process before anything is sent.
 */
import { useId, useState, type ReactNode } from 'react';
import type { ArchivePreview } from '../../../shared/domain';
import { deleteAtOf, NO_EXPIRY, type ExpiryChoice } from '../../../shared/expiry';
import { normalizePrefix } from '../../../shared/folder-prefix';
import { objectNameProblems } from '../../../shared/validation';
import { isApiError } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes, formatCount, formatCountOf, formatExactBytes } from '../ui/format';
import { useContainerFigures, useLimits } from '../cache/queries';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { ExpiryPicker } from '../ui/ExpiryPicker';
import { baseName } from '../ui/fileNames';
import { UntrustedName } from '../ui/UntrustedName';
import { visibleName } from '../ui/untrustedText';
import { useNow } from '../ui/useNow';
import { useSettled } from '../ui/useSettled';
import { quotaWarning } from './quotaWarning';
import { useTransfers } from './TransfersProvider';
import type { ArchiveDropTarget } from './types';
import { useArchivePreview } from './useArchivePreview';
import './extract.css';

interface Props {
  target: ArchiveDropTarget;
  filePath: string;
  onClose: () => void;
}

export function ExtractDialog({ target, filePath, onClose }: Props) {
  const { start } = useTransfers();
  const [folder, setFolder] = useState(() => normalizePrefix(target.prefix));
  const prefix = normalizePrefix(folder);
  const settledPrefix = useSettled(prefix, 300);
  const limits = useLimits(target.region);
  const problems = prefix && limits.data ? objectNameProblems(prefix, limits.data) : [];
  const preview = useArchivePreview(target, settledPrefix, filePath, problems.length === 0);
  const folderId = useId();
  const problemsId = useId();
  const now = useNow();
  const [expiry, setExpiry] = useState<ExpiryChoice>(NO_EXPIRY);
  const deleteAt = deleteAtOf(expiry, now);

  const fileName = baseName(filePath);
  // A file the main process cannot read as an archive: nothing to confirm, only to close.
  const unreadable = isApiError(preview.error, 'invalid_input', 'not_found') && !preview.data;
  const current = preview.data && !preview.isPlaceholderData && settledPrefix === prefix ? preview.data : undefined;
  const creatable = current ? current.memberCount - current.rejectedCount : 0;
  // Asked here, before Extract is pressed: this dialog is the confirmation, so the warning goes in it.
  const figures = useContainerFigures(target.region, target.container, { fresh: true }).data;
  const overQuota =
    figures && current
      ? quotaWarning('extraction', figures, { addBytes: current.totalBytes, addCount: creatable })
      : undefined;

  function extract() {
    if (!current || creatable === 0 || deleteAt === undefined) return;
    const place = target.container + (prefix ? `/${prefix}` : '');
    // Sent as X-Delete-After, which Swift's bulk middleware gives every object it makes: the time
    // counts from when each is written, by Swift's clock, whatever the person's clock says.
    const clock = Date.now();
    const at = deleteAtOf(expiry, clock);
    if (at === undefined) return;
    const deleteAfter = at === null ? undefined : Math.max(1, at - Math.floor(clock / 1000));
    void start(
      {
        kind: 'extract',
        region: target.region,
        container: target.container,
        filePath,
        ...(prefix ? { prefix } : {}),
        ...(deleteAfter ? { deleteAfter } : {}),
      },
      `${visibleName(fileName)} → ${visibleName(place)}`,
    );
    onClose();
  }

  return (
    <Dialog
      title="Extract archive"
      className="extract-dialog"
      onSubmit={extract}
      onClose={onClose}
      actions={
        unreadable ? (
          <button type="button" onClick={onClose}>
            Close
          </button>
        ) : (
          <DialogButtons
            action={overQuota ? 'Extract anyway' : 'Extract'}
            onCancel={onClose}
            disabled={!current || creatable === 0 || problems.length > 0 || deleteAt === undefined}
          />
        )
      }
    >
      <p>
        Unpack <UntrustedName name={fileName} className="extract-file" /> into{' '}
        <UntrustedName name={target.container} className="extract-container" />, one object for each file in it.
      </p>
      {unreadable ? (
        <ErrorMessage title="Nothing was sent, and nothing will be created." error={preview.error} />
      ) : (
        <>
          <div className="dialog-fields extract-folder">
            <label htmlFor={folderId}>Target folder</label>
            <input
              id={folderId}
              value={folder}
              placeholder="(the container itself)"
              spellCheck={false}
              aria-describedby={problemsId}
              aria-invalid={problems.length > 0}
              onChange={(event) => setFolder(event.target.value)}
            />
            <p id={problemsId} className="field-problems" role="alert">
              {problems.map((p) => p.message).join(' ')}
            </p>
          </div>
          <ExpiryPicker
            legend="Delete the new objects automatically"
            neverLabel="Never (keep them)"
            value={expiry}
            onChange={setExpiry}
            now={now}
          />
          {overQuota && (
            <p className="dialog-notice" role="alert">
              {overQuota}
            </p>
          )}
          {preview.isError && !preview.data ? (
            <ErrorMessage
              title="Could not preview the archive."
              error={preview.error}
              onRetry={() => void preview.refetch()}
              retrying={preview.isFetching}
            />
          ) : preview.data ? (
            <PreviewDetails preview={preview.data} updating={current === undefined} />
          ) : (
            <p className="extract-loading" role="status" aria-busy="true">
              Reading the archive…
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}

function PreviewDetails({ preview, updating }: { preview: ArchivePreview; updating: boolean }) {
  const creatable = preview.memberCount - preview.rejectedCount;
  const more = (shown: number, all: number) =>
    all > shown ? <li className="extract-more">and {formatCount(all - shown)} more</li> : null;
  return (
    <div className={updating ? 'extract-preview updating' : 'extract-preview'} aria-busy={updating}>
      <dl className="extract-facts">
        <dt>Format</dt>
        <dd>{preview.format}</dd>
        <dt>Files</dt>
        <dd title={formatExactBytes(preview.totalBytes)}>
          {formatCountOf(preview.memberCount, 'file')}, {formatBytes(preview.totalBytes)}
        </dd>
        {preview.skippedCount > 0 && (
          <>
            <dt>Skipped</dt>
            <dd>{formatCountOf(preview.skippedCount, 'folder or link', 'folders and links')} (not objects)</dd>
          </>
        )}
      </dl>
      {preview.formatNote && <p className="dialog-notice">{preview.formatNote}</p>}
      {creatable === 0 && (
        <p className="dialog-notice" role="alert">
          {preview.memberCount === 0
            ? 'The archive holds no files: there is nothing to extract.'
            : 'Swift would refuse every file in this archive: there is nothing to extract.'}
        </p>
      )}
      <NameList title="First files" count={preview.memberCount}>
        {preview.firstMembers.map((m, i) => (
          <li key={i}>
            <UntrustedName name={m.name} /> <span className="muted">{formatBytes(m.bytes)}</span>
          </li>
        ))}
        {more(preview.firstMembers.length, preview.memberCount)}
      </NameList>
      {preview.rejectedCount > 0 && (
        <NameList title="Will be refused" count={preview.rejectedCount} tone="error">
          {preview.rejected.map((r, i) => (
            <li key={i}>
              <UntrustedName name={r.name} />
              <span className="extract-reason">{r.reason}</span>
            </li>
          ))}
          {more(preview.rejected.length, preview.rejectedCount)}
        </NameList>
      )}
      {(preview.overwriteCount > 0 || preview.overwritesUnchecked > 0) && (
        <NameList title="Will be replaced" count={preview.overwriteCount}>
          {preview.overwrites.map((name, i) => (
            <li key={i}>
              <UntrustedName name={name} />
            </li>
          ))}
          {more(preview.overwrites.length, preview.overwriteCount)}
          {preview.overwritesUnchecked > 0 && (
            <li className="extract-more">
              {formatCountOf(preview.overwritesUnchecked, 'more name was', 'more names were')} not checked
            </li>
          )}
        </NameList>
      )}
    </div>
  );
}

function NameList({
  title,
  count,
  tone,
  children,
}: {
  title: string;
  count: number;
  tone?: 'error';
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={tone === 'error' ? 'extract-section error-tone' : 'extract-section'}>
      <h3 id={id} className="extract-section-title">
        {title} <span className="muted">({formatCount(count)})</span>
      </h3>
      <ul className="dialog-names extract-names" aria-labelledby={id}>
        {children}
      </ul>
    </section>
  );
}
