import { useState } from 'react';
import type { ObjectVersion } from '../../../shared/versions';
import { call } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes, formatDateTime, formatDateTimeSeconds } from '../ui/format';
import { useTransfers } from '../transfers/TransfersProvider';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { visibleName } from '../ui/untrustedText';
import { versionFileName } from './versionFileName';
import { useObjectVersions, useVersionAction } from './queries';

interface Props {
  region: string;
  container: string;
  name: string;
}

function versionText(v: ObjectVersion): string {
  if (v.deleteMarker) return v.isLatest ? 'Deleted here (the object reads as deleted)' : 'Deleted here';
  return `${formatBytes(v.bytes)}${v.isLatest ? ' · current' : ''}`;
}

/**
 * An object's versions (`?versions`), newest first, delete markers included:
 * each can be downloaded beside the current file, restored (Swift makes it
 * the current one and keeps every other) or deleted for good, after asking.
 */
export function ObjectVersions({ region, container, name }: Props) {
  const versions = useObjectVersions(region, container, name);
  const act = useVersionAction(region, container, name);
  const transfers = useTransfers();
  const [deleting, setDeleting] = useState<ObjectVersion | undefined>();

  async function download(v: ObjectVersion) {
    const targetDir = await call('chooseFolder', { title: 'Download this version to' });
    if (targetDir === null) return;
    const wanted = versionFileName(name, v.lastModified);
    const [taken] = await call('takenLocalNames', { targetDir, items: [{ name, fileName: wanted }] });
    const fileName = taken?.freeFileName ?? wanted;
    void transfers.start(
      { kind: 'download', region, container, name, targetDir, fileName, versionId: v.versionId },
      `${name} (version of ${formatDateTime(v.lastModified)})`,
    );
  }

  if (versions.isPending) return <p className="muted">Loading the versions…</p>;
  if (versions.isError) {
    return (
      <ErrorMessage
        title="Could not list the versions."
        error={versions.error}
        onRetry={() => void versions.refetch()}
        retrying={versions.isFetching}
      />
    );
  }
  const list = versions.data.versions;
  return (
    <>
      <ul className="version-list" aria-label={`Versions of ${name}`}>
        {list.map((v) => (
          <li key={v.versionId} className={v.isLatest ? 'version current' : 'version'}>
            <span className="version-when">
              <time dateTime={v.lastModified}>{formatDateTimeSeconds(v.lastModified)}</time>
            </span>
            <span className="version-what muted">{versionText(v)}</span>
            <span className="version-actions">
              {!v.deleteMarker && (
                <button type="button" onClick={() => void download(v)}>
                  Download…
                </button>
              )}
              {!v.deleteMarker && !v.isLatest && (
                <button
                  type="button"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ action: 'restore', versionId: v.versionId })}
                >
                  Restore
                </button>
              )}
              <button type="button" className="danger" disabled={act.isPending} onClick={() => setDeleting(v)}>
                Delete…
              </button>
            </span>
          </li>
        ))}
      </ul>
      {versions.data.more && <p className="muted">Only the newest {list.length} versions are listed.</p>}
      <p role="status" className="muted">
        {act.isPending ? (act.variables.action === 'restore' ? 'Restoring…' : 'Deleting…') : ''}
      </p>
      {act.isError && <ErrorMessage title="Could not change the versions." error={act.error} />}
      {deleting && (
        <Dialog
          role="alertdialog"
          title={deleting.deleteMarker ? 'Delete this delete marker?' : 'Delete this version for good?'}
          onSubmit={() => {
            act.mutate({ action: 'delete', versionId: deleting.versionId });
            setDeleting(undefined);
          }}
          onClose={() => setDeleting(undefined)}
          actions={<DialogButtons action="Delete" danger onCancel={() => setDeleting(undefined)} />}
        >
          <p>
            {deleting.deleteMarker
              ? `The marker of ${formatDateTime(deleting.lastModified)} goes; the object stays deleted until you restore a version.`
              : `The version of “${visibleName(name)}” from ${formatDateTime(deleting.lastModified)} (${formatBytes(deleting.bytes)}) cannot be brought back.`}
            {deleting.isLatest &&
              !deleting.deleteMarker &&
              ' It is the current one: the object then reads as deleted until you restore another version.'}
          </p>
        </Dialog>
      )}
    </>
  );
}
