import { MAKER_LABEL, type SegmentGroup } from '../../../shared/segment-groups';
import { formatBytes, formatCountOf } from '../ui/format';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
import { UntrustedName } from '../ui/UntrustedName';
import { useNow } from '../ui/useNow';
import { recentGroups, totals } from './segmentText';

/** How many groups the confirmation names one by one before summing up the rest. */
const SHOWN = 6;

interface Props {
  groups: readonly SegmentGroup[];
  onConfirm: () => void;
  onCancel: () => void;
}

/** Says what a delete of leftover segments takes, and what Cirrus checks first, before anything goes. */
export function ConfirmSegmentsDelete({ groups, onConfirm, onCancel }: Props) {
  const now = useNow();
  const sum = totals(groups);
  const rest = groups.slice(SHOWN);
  const restSum = totals(rest);
  const recent = recentGroups(groups, now);
  const containers = new Set(groups.map((g) => g.container)).size;
  const unknown = groups.filter((g) => g.madeBy === 'unknown');
  return (
    <Dialog
      role="alertdialog"
      title={`Delete ${formatCountOf(groups.length, 'group')} of segments?`}
      className="segments-confirm"
      onSubmit={onConfirm}
      onClose={onCancel}
      actions={<DialogButtons action="Delete" danger onCancel={onCancel} />}
    >
      <p>
        {`${formatCountOf(sum.segments, 'segment')} (${formatBytes(sum.bytes)}) in ${formatCountOf(containers, 'container')} are deleted for good. `}
        No manifest in the account uses them:
      </p>
      <ul className="segments-confirm-list" aria-label="Groups to delete">
        {groups.slice(0, SHOWN).map((g) => (
          <li key={`${g.container}\0${g.prefix}`}>
            <UntrustedName name={`${g.container}/${g.prefix}`} />
            <span className="muted">
              {` — ${formatCountOf(g.segments, 'segment')}, ${formatBytes(g.bytes)}, ${MAKER_LABEL[g.madeBy]}`}
            </span>
          </li>
        ))}
        {rest.length > 0 && (
          <li className="muted">{`and ${formatCountOf(rest.length, 'more group')} (${formatCountOf(restSum.segments, 'segment')}, ${formatBytes(restSum.bytes)})`}</li>
        )}
      </ul>
      <p className="muted">
        Cirrus lists every container and reads every manifest again first: a group that a manifest has started using
        since the scan is kept, and so is a group whose container keeps versions.
      </p>
      {unknown.length > 0 && (
        <p role="note" aria-label="Not recognized" className="segments-note">
          {`${formatCountOf(unknown.length, 'group matches', 'groups match')} no tool’s layout: only a container name `}
          ending in “_segments” says they are segments. Make sure nobody keeps other files there.
        </p>
      )}
      {recent.length > 0 && (
        <p role="note" aria-label="Recent uploads" className="segments-note">
          {`${formatCountOf(recent.length, 'group was', 'groups were')} written in the last hour. `}
          An upload still under way has segments and no manifest yet: wait for it to finish before deleting.
        </p>
      )}
    </Dialog>
  );
}
