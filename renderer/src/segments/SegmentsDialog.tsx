import { useState } from 'react';
import type { SegmentGroup, SegmentScan } from '../../../shared/segment-groups';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes, formatCount, formatCountOf } from '../ui/format';
import { Dialog } from '../ui/Dialog';
import { visibleName } from '../ui/untrustedText';
import { ConfirmSegmentsDelete } from './ConfirmSegmentsDelete';
import { groupId, SegmentGroupList } from './SegmentGroupList';
import { percentOf, progressText, reportLines, totals } from './segmentText';
import { useSegmentWork, type Running } from './useSegmentWork';
import './segments.css';

/**
 * The account's leftover segments: a scan of every
 * container lists the segments no manifest uses, grouped by the upload that
 * wrote them; the chosen groups are deleted after a confirmation that names
 * them. Both run in the main process with progress and Stop.
 */
export function SegmentsDialog({ region, onClose }: { region: string; onClose: () => void }) {
  const work = useSegmentWork(region);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const groups = work.scan?.groups ?? [];
  const picked = groups.filter((g) => chosen.has(groupId(g)));
  const sum = totals(picked);
  const busy = work.running !== undefined;

  async function scan() {
    setChosen(new Set());
    await work.startScan();
  }

  async function remove(list: SegmentGroup[]) {
    setConfirming(false);
    setChosen(new Set());
    await work.remove(list.map(({ container, prefix }) => ({ container, prefix })));
  }

  return (
    <>
      <Dialog
        title={`Leftover segments in ${region}`}
        className="segments-dialog"
        onSubmit={() => undefined}
        onClose={onClose}
        actions={
          <>
            <button type="button" onClick={onClose}>
              Close
            </button>
            <button
              type="button"
              className="primary danger"
              disabled={busy || picked.length === 0}
              onClick={() => setConfirming(true)}
            >
              {picked.length === 0
                ? 'Delete…'
                : `Delete ${formatCountOf(picked.length, 'group')} (${formatBytes(sum.bytes)})…`}
            </button>
          </>
        }
      >
        <p className="segments-intro muted">
          Large objects keep their data in segments. A manifest deleted on its own, an overwrite with
          <code> --leave-segments</code> or a failed upload leaves segments that nothing uses: they are billed, and no
          container shows them as what they were. A scan lists every container and reads every manifest.
        </p>
        <ScanControls running={work.running} scanned={work.scan !== undefined} onScan={scan} onStop={work.stop} />
        {work.stopped && (
          <p role="status">{work.stopped === 'scan' ? 'Scan stopped.' : 'Delete stopped; what went is gone.'}</p>
        )}
        {work.error && (
          <ErrorMessage
            title={work.error.what === 'scan' ? 'Could not scan the account.' : 'Could not delete the segments.'}
            error={work.error.error}
          />
        )}
        {work.report && (
          <div role="status" aria-label="Delete result" className="segments-report">
            {reportLines(work.report).map((line) => (
              <p key={line}>{visibleName(line)}</p>
            ))}
          </div>
        )}
        {work.scan && <ScanSummary scan={work.scan} />}
        {groups.length > 0 && (
          <SegmentGroupList
            groups={groups}
            chosen={chosen}
            disabled={busy}
            onToggle={(id) =>
              setChosen((old) => {
                const next = new Set(old);
                if (!next.delete(id)) next.add(id);
                return next;
              })
            }
            onToggleAll={() =>
              setChosen((old) => (groups.every((g) => old.has(groupId(g))) ? new Set() : new Set(groups.map(groupId))))
            }
          />
        )}
      </Dialog>
      {confirming && (
        <ConfirmSegmentsDelete
          groups={picked}
          onConfirm={() => void remove(picked)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

function ScanControls(props: {
  running: Running | undefined;
  scanned: boolean;
  onScan: () => void;
  onStop: () => void;
}) {
  const { running } = props;
  if (!running) {
    return (
      <div className="segments-controls">
        <button type="button" className={props.scanned ? undefined : 'primary'} onClick={props.onScan}>
          {props.scanned ? 'Scan again' : 'Scan the account'}
        </button>
      </div>
    );
  }
  const percent = percentOf(running);
  return (
    <div className="segments-controls">
      <span role="status" className="segments-progress-text">
        {progressText(running)}
      </span>
      <div
        role="progressbar"
        aria-label={running.what === 'scan' ? 'Scan progress' : 'Delete progress'}
        aria-valuenow={percent}
        className="segments-progress"
      >
        <div className="segments-progress-fill" style={{ width: `${percent ?? 0}%` }} />
      </div>
      <button type="button" onClick={props.onStop}>
        Stop
      </button>
    </div>
  );
}

function ScanSummary({ scan }: { scan: SegmentScan }) {
  const found = totals(scan.groups);
  const kept = totals(scan.kept);
  const where = [...new Set(scan.kept.map((g) => g.container))];
  return (
    <>
      <p aria-label="Scan summary">
        {`${formatCountOf(scan.containers, 'container')} listed, ${formatCountOf(scan.manifests, 'manifest')} read. `}
        {scan.groups.length === 0
          ? 'No leftover segments: every segment is used by a manifest.'
          : `${formatCountOf(scan.groups.length, 'upload')} left ${formatCountOf(found.segments, 'segment')} (${formatBytes(found.bytes)}) that nothing uses.`}
        {scan.truncated &&
          ` Only the first ${formatCount(scan.groups.length)} are listed; scan again after deleting them.`}
      </p>
      {scan.kept.length > 0 && (
        <p role="note" aria-label="Kept for versions" className="segments-note">
          {`Not offered: ${formatCountOf(kept.segments, 'segment')} (${formatBytes(kept.bytes)}) in ${where.map(visibleName).join(', ')}, `}
          because the container keeps versions: an old version, which no listing shows, may still use them.
        </p>
      )}
    </>
  );
}
