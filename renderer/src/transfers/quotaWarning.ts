/**
 * The sentence that warns before an upload or an extraction that Swift's
 * quota would refuse (some of) it, from the container's figures as last read.
 * Swift checks each object as it arrives, so what fits still goes in.
 */
import type { Container } from '../../../shared/domain';
import { quotaOf, wouldExceed, type Addition } from '../../../shared/quotas';
import { formatBytes, formatCount, formatCountOf } from '../ui/format';

export type QuotaWork = 'upload' | 'extraction';

export function quotaWarning(work: QuotaWork, container: Container, add: Addition): string | undefined {
  const quota = quotaOf(container.metadata);
  const excess = wouldExceed(container, quota, add);
  const parts: string[] = [];
  if (excess.bytes && quota.bytes !== undefined) {
    parts.push(
      `This ${work} of ${formatBytes(add.addBytes)} would exceed the container’s quota (${formatBytes(quota.bytes)}, ${formatBytes(container.bytesUsed)} used).`,
    );
  }
  if (excess.count && quota.count !== undefined) {
    parts.push(
      `${parts.length > 0 ? 'Its' : `This ${work}’s`} ${formatCountOf(add.addCount, 'object')} would exceed the container’s limit of ${formatCountOf(quota.count, 'object')} (${formatCount(container.objectCount)} stored).`,
    );
  }
  return parts.length === 0 ? undefined : `${parts.join(' ')} Swift will refuse what does not fit.`;
}
