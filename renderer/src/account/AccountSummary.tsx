import { useId, useState, type ReactNode } from 'react';
import { AccountAccess } from '../access/AccountAccess';
import { AccountQuotaForm } from '../quotas/AccountQuotaForm';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes, formatCount, formatExactBytes } from '../ui/format';
import { quotaOf } from '../../../shared/quotas';
import { PolicyFigures } from './PolicyFigures';
import { useAccount } from '../cache/queries';
import { SegmentsDialog } from '../segments/SegmentsDialog';
import { QuotaBar } from '../ui/QuotaBar';
import './account.css';

export function AccountSummary({ region }: { region: string }) {
  // Read again each time the overview is shown (one HEAD): an answer cached while objects were written
  // is often behind, as Swift's account figures follow the containers' within seconds (its container updater).
  const account = useAccount(region, { fresh: true });
  const data = account.data;
  const quota = data && quotaOf(data.metadata).bytes;
  const [segments, setSegments] = useState(false);

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
            {data && <PolicyFigures region={region} usage={data.policies} />}
            {/* The figures show here once; the account's metadata is edited in the details pane beside. */}
            <p className="account-hint muted">
              Choose a container on the left to see its objects. Drop files on a container or a folder to upload them;
              drop a .tar.gz, .tar.bz2 or .tar archive to have the service unpack it there.
            </p>
            {data && (
              <AccountPart title="Quota">
                {quota !== undefined ? (
                  <QuotaBar label="Account quota" used={data.bytesUsed} limit={quota} format={formatBytes} />
                ) : (
                  <p className="muted">No quota: the account may grow as far as the service allows.</p>
                )}
                <AccountQuotaForm key={String(quota)} region={region} account={data} />
              </AccountPart>
            )}
            <AccountPart title="Account access">
              <AccountAccess region={region} />
            </AccountPart>
            <AccountPart title="Leftover segments">
              <p className="muted account-hint">
                Segments that no large object uses any more still take space. Find them in every container, see which
                upload left them, and delete the ones you choose.
              </p>
              <button type="button" className="segments-open" onClick={() => setSegments(true)}>
                Find leftover segments…
              </button>
              {segments && <SegmentsDialog region={region} onClose={() => setSegments(false)} />}
            </AccountPart>
          </>
        )}
      </div>
    </section>
  );
}

/**
 * A titled part of the overview: a group, not a region, so the page's one
 * "Account" region stays the only landmark of that name.
 */
function AccountPart({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="account-part">
      <h3 id={id}>{title}</h3>
      {children}
    </div>
  );
}

function Stat({ label, value, title }: { label: string; value: string | undefined; title?: string | undefined }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd title={title}>{value ?? <span className="skeleton" role="img" aria-label="Loading" />}</dd>
    </div>
  );
}
