import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Container } from '../../../shared/domain';
import { hasQuota, limitProblem, parseLimit, parseSize, quotaOf } from '../../../shared/quotas';
import { call } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatBytes, formatCount, formatExactBytes } from '../ui/format';
import { containerKey } from '../cache/queryKeys';
import { FieldProblems } from '../ui/FieldProblems';
import { QuotaBar } from '../ui/QuotaBar';

interface QuotaChange {
  bytes: number | null;
  count: number | null;
}

/** Saves both limits in one request; Swift's answer (the container as it now stands) goes into the cache. */
function useSetQuota(region: string, container: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: QuotaChange) => call('setContainerQuota', { region, container, ...change }),
    onSuccess: (updated) => client.setQueryData<Container>(containerKey(region, container), updated),
  });
}

/**
 * The container's quota (Swift's container_quotas: `Quota-Bytes` and
 * `Quota-Count` metadata): how much of it is used, as bars, and the two
 * limits to set or clear. Sizes may be typed with units ("10 MB", "1.5 GiB").
 * The keys stay visible among the metadata too; this is where they are meant
 * to be changed.
 */
export function ContainerQuota({ region, container }: { region: string; container: Container }) {
  const id = useId();
  const quota = quotaOf(container.metadata);
  const save = useSetQuota(region, container.name);
  const [bytesText, setBytesText] = useState(quota.bytes === undefined ? '' : String(quota.bytes));
  const [countText, setCountText] = useState(quota.count === undefined ? '' : String(quota.count));
  const problems = [limitProblem(bytesText, 'bytes'), limitProblem(countText, 'count')]
    .filter((message) => message !== '')
    .map((message) => ({ message }));
  const typedBytes = bytesText.trim() === '' ? null : (parseSize(bytesText) ?? null);
  const typedCount = countText.trim() === '' ? null : (parseLimit(countText) ?? null);
  const unchanged = typedBytes === (quota.bytes ?? null) && typedCount === (quota.count ?? null);

  return (
    <div className="quota">
      {quota.bytes !== undefined && (
        <QuotaBar label="Bytes" used={container.bytesUsed} limit={quota.bytes} format={formatBytes} />
      )}
      {quota.count !== undefined && (
        <QuotaBar label="Objects" used={container.objectCount} limit={quota.count} format={formatCount} />
      )}
      {!hasQuota(quota) && <p className="muted">No quota: the container may grow as far as the account allows.</p>}
      <form
        className="quota-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (problems.length === 0 && !unchanged) save.mutate({ bytes: typedBytes, count: typedCount });
        }}
      >
        <label htmlFor={`${id}-bytes`}>Size limit</label>
        <input
          id={`${id}-bytes`}
          value={bytesText}
          placeholder="none, or e.g. 10 GB"
          aria-describedby={`${id}-bytes-exact`}
          aria-invalid={limitProblem(bytesText, 'bytes') !== ''}
          onChange={(e) => setBytesText(e.target.value)}
          disabled={save.isPending}
        />
        <span id={`${id}-bytes-exact`} className="muted quota-exact">
          {typedBytes === null ? '' : `= ${formatExactBytes(typedBytes)}`}
        </span>
        <label htmlFor={`${id}-count`}>Object limit</label>
        <input
          id={`${id}-count`}
          value={countText}
          placeholder="none"
          inputMode="numeric"
          aria-invalid={limitProblem(countText, 'count') !== ''}
          onChange={(e) => setCountText(e.target.value)}
          disabled={save.isPending}
        />
        <FieldProblems problems={problems} />
        <div className="quota-actions">
          <button
            type="button"
            disabled={save.isPending || !hasQuota(quota)}
            onClick={() => {
              setBytesText('');
              setCountText('');
              save.mutate({ bytes: null, count: null });
            }}
          >
            Clear quota
          </button>
          <button type="submit" className="primary" disabled={save.isPending || unchanged || problems.length > 0}>
            {save.isPending ? 'Saving…' : 'Save quota'}
          </button>
        </div>
      </form>
      {save.isError && (
        <ErrorMessage
          title="Could not change the quota."
          error={save.error}
          onRetry={() => save.variables && save.mutate(save.variables)}
        />
      )}
    </div>
  );
}
