import type { PolicyUsage } from '../../../shared/storage-policies';
import { samePolicyName } from '../../../shared/storage-policies';
import { formatBytes, formatCount, formatExactBytes } from '../ui/format';
import { useLimits } from '../cache/queries';

/**
 * The account's figures per storage policy (from the account HEAD's
 * X-Account-Storage-Policy-<name>-* headers). Only where there is more than
 * one policy: with one, they are the totals above again.
 */
export function PolicyFigures({ region, usage }: { region: string; usage: PolicyUsage[] }) {
  const limits = useLimits(region);
  if (usage.length < 2) return null;
  const isDefault = (name: string) =>
    limits.data?.storagePolicies.some((p) => p.isDefault && samePolicyName(p.name, name)) ?? false;
  return (
    <table className="policy-table" aria-label="Usage per storage policy">
      <thead>
        <tr>
          <th scope="col">Storage policy</th>
          <th scope="col">Containers</th>
          <th scope="col">Objects</th>
          <th scope="col">Bytes used</th>
        </tr>
      </thead>
      <tbody>
        {usage.map((u) => (
          <tr key={u.name}>
            <th scope="row">
              {u.name}
              {isDefault(u.name) && <span className="muted"> (default)</span>}
            </th>
            <td>{formatCount(u.containerCount)}</td>
            <td>{formatCount(u.objectCount)}</td>
            <td title={formatExactBytes(u.bytesUsed)}>{formatBytes(u.bytesUsed)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
