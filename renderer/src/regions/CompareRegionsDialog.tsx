import { useId, useState } from 'react';
import { ComparisonStatus } from '../ui/ComparisonStatus';
import { formatCount, formatCountOf } from '../ui/format';
import { useTransferList, useTransfers } from '../transfers/TransfersProvider';
import { percentOf, regionCopyText, stateText } from '../transfers/transferText';
import type { Transfer } from '../transfers/types';
import { Dialog } from '../ui/Dialog';
import { visibleName } from '../ui/untrustedText';
import { copyItems, differenceRows, toggleGroup } from './differenceRows';
import { DifferenceList, groupPhrase } from './DifferenceList';
import { useComparison } from './useComparison';
import './regions.css';

interface Props {
  /** The region the person is browsing: the comparison's source. */
  region: string;
  /** Every other region of the catalog; the first is compared with until another is chosen. */
  others: readonly string[];
  container: string;
  /** A folder's prefix ("" for the whole container). */
  prefix: string;
  onClose: () => void;
}

/**
 * A container (or folder) side by side in two regions: what is only here,
 * only there, or different, each group with its boxes, and the chosen
 * objects copied across as a transfer; the comparison runs again after.
 */
export function CompareRegionsDialog({ region, others, container, prefix, onClose }: Props) {
  const [other, setOther] = useState(others[0] ?? region);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [copy, setCopy] = useState<{ running: boolean; outcome: Transfer | undefined }>({
    running: false,
    outcome: undefined,
  });
  const comparison = useComparison({ source: region, target: other, container, prefix });
  const transfers = useTransfers();
  const pickId = useId();
  const result = comparison.query.data;
  const differences = result?.differences ?? [];
  const rows = differenceRows(differences);
  const toTarget = copyItems(differences, chosen, 'target');
  const toSource = copyItems(differences, chosen, 'source');
  const where = visibleName(prefix ? `${container}/${prefix}` : container);

  async function copyTo(to: 'target' | 'source') {
    const items = to === 'target' ? toTarget : toSource;
    const [from, dest] = to === 'target' ? [region, other] : [other, region];
    setCopy({ running: true, outcome: undefined });
    const label = `“${visibleName(container)}” ${from} → ${dest}: ${formatCountOf(items.length, 'object')}`;
    const outcome = await transfers.start({ kind: 'regionCopy', region: dest, container, from, items }, label);
    setCopy({ running: false, outcome });
    setChosen(new Set());
    comparison.again();
  }

  const busy = comparison.query.isFetching || copy.running;
  return (
    <Dialog
      title={`Compare “${where}” with ${other}`}
      className="compare-dialog"
      onSubmit={() => undefined}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            Close
          </button>
          <button type="button" disabled={busy || toTarget.length === 0} onClick={() => void copyTo('target')}>
            Copy to {other} ({formatCount(toTarget.length)})
          </button>
          <button type="button" disabled={busy || toSource.length === 0} onClick={() => void copyTo('source')}>
            Copy to {region} ({formatCount(toSource.length)})
          </button>
        </>
      }
    >
      {others.length > 1 && (
        <div className="work-controls">
          <label htmlFor={pickId}>Compare with</label>
          <select
            id={pickId}
            value={other}
            disabled={busy}
            onChange={(e) => {
              setChosen(new Set());
              setOther(e.target.value);
            }}
          >
            {others.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </div>
      )}
      <ComparisonStatus comparison={comparison} bar />
      {result && (
        <>
          <p className="grouped-summary" aria-label="Comparison summary">
            <span>{`${formatCount(result.counts.onlySource)} ${groupPhrase('onlySource', region, other)}`}</span>
            <span>{`${formatCount(result.counts.onlyTarget)} ${groupPhrase('onlyTarget', region, other)}`}</span>
            <span>{`${formatCount(result.counts.different)} different`}</span>
            <span>{`${formatCount(result.counts.same)} the same`}</span>
          </p>
          {result.missing && (
            <p className="muted">
              “{visibleName(container)}” does not exist in {result.missing === 'source' ? region : other}; copying there
              creates it.
            </p>
          )}
          {result.sameCluster && (
            <p className="muted">Both regions are one cluster: Swift copies the objects itself.</p>
          )}
          {result.truncated && (
            <p className="muted">Only the first {formatCount(differences.length)} differences are listed.</p>
          )}
          {rows.length > 0 ? (
            <DifferenceList
              rows={rows}
              counts={result.counts}
              source={region}
              target={other}
              chosen={chosen}
              onToggle={(name) => setChosen((old) => toggleGroup(old, [name]))}
              onToggleGroup={(names) => setChosen((old) => toggleGroup(old, names))}
            />
          ) : (
            <p role="status">Both sides hold the same objects.</p>
          )}
        </>
      )}
      <CopyStatus running={copy.running} outcome={copy.outcome} onCancel={transfers.cancel} />
    </Dialog>
  );
}

function CopyStatus({
  running,
  outcome,
  onCancel,
}: {
  running: boolean;
  outcome: Transfer | undefined;
  onCancel: (id: string) => void;
}) {
  const list = useTransferList();
  const current = running ? list.findLast((t) => t.request.kind === 'regionCopy' && t.state === 'running') : undefined;
  if (current) {
    return (
      <div className="work-controls">
        <span role="status">{stateText(current)}</span>
        <div role="progressbar" aria-label="Copy progress" aria-valuenow={percentOf(current)} className="work-progress">
          <div className="work-progress-fill" style={{ width: `${percentOf(current) ?? 0}%` }} />
        </div>
        <button type="button" onClick={() => onCancel(current.id)}>
          Stop copying
        </button>
      </div>
    );
  }
  if (!outcome) return null;
  const text = outcome.regionCopy ? regionCopyText(outcome.regionCopy) : stateText(outcome);
  return <p role="status">{`Copy: ${text}`}</p>;
}
