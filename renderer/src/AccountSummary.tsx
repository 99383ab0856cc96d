import type { Account } from '../../shared/domain';
import { ErrorMessage } from './ErrorMessage';
import { formatBytes, formatCount, formatExactBytes } from './format';
import { useAccount } from './queries';
import './account.css';

export function AccountSummary({ region }: { region: string }) {
  const account = useAccount(region);
  const data = account.data;

  return (
    <section aria-label="Account" className="account" aria-busy={account.isPending}>
      <div className="pane-header">
        <h2>Account</h2>
        <span className="muted">{region}</span>
      </div>
      <div className="pane-body">
        {account.isError && !data ? (
          <ErrorMessage
            title="Could not load the account."
            error={account.error}
            onRetry={() => void account.refetch()}
            retrying={account.isFetching}
          />
        ) : (
          <>
            <dl className="stats">
              <Stat label="Containers" value={data && formatCount(data.containerCount)} />
              <Stat label="Objects" value={data && formatCount(data.objectCount)} />
              <Stat
                label="Bytes used"
                value={data && formatBytes(data.bytesUsed)}
                title={data && formatExactBytes(data.bytesUsed)}
              />
            </dl>
            <h3 className="section-title">Metadata</h3>
            {data ? <MetadataTable metadata={data.metadata} /> : <p className="muted">Loading…</p>}
          </>
        )}
      </div>
    </section>
  );
}

function Stat({ label, value, title }: { label: string; value: string | undefined; title?: string | undefined }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd title={title}>{value ?? <span className="skeleton" aria-label="Loading" />}</dd>
    </div>
  );
}

function MetadataTable({ metadata }: { metadata: Account['metadata'] }) {
  const entries = Object.entries(metadata).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return <p className="muted">No metadata</p>;
  return (
    <table className="kv-table" aria-label="Account metadata">
      <thead>
        <tr>
          <th scope="col">Key</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([key, value]) => (
          <tr key={key}>
            <td className="kv-key">{key}</td>
            <td className="kv-value">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
