import type { FolderComparison, SyncKind } from '../../../shared/sync';
import { formatBytes, formatCount } from '../ui/format';
import { visibleName } from '../ui/untrustedText';

const PHRASES: Record<SyncKind, string> = {
  onlyLocal: 'only on this computer',
  onlyRemote: 'only in Swift',
  different: 'different',
  same: 'the same',
};

/** Each group's count and bytes, then what was skipped and why. */
export function ComparisonSummary({ result }: { result: FolderComparison }) {
  return (
    <>
      <p className="grouped-summary" aria-label="Comparison summary">
        {(Object.keys(PHRASES) as SyncKind[]).map((kind) => (
          <span key={kind}>
            {`${formatCount(result.groups[kind].count)} ${PHRASES[kind]} (${formatBytes(result.groups[kind].bytes)})`}
          </span>
        ))}
      </p>
      {result.missing && <p className="muted">The container does not exist yet; an upload creates it.</p>}
      {result.truncated && (
        <p className="muted">Only the first {formatCount(result.entries.length)} differences are listed.</p>
      )}
      {result.skipped.length > 0 && (
        <details>
          <summary>{`${formatCount(result.skipped.length)} skipped`}</summary>
          <ul aria-label="Skipped" className="muted">
            {result.skipped.slice(0, 200).map((s) => (
              <li key={s.name}>{`${visibleName(s.name)}: ${s.reason}`}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
