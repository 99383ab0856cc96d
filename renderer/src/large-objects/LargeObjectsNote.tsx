import type { LargeObjectParts } from '../../../shared/domain';
import { formatBytes, formatCountOf } from '../ui/format';
import { UntrustedName } from '../ui/UntrustedName';

/** How many large objects the confirmation names one by one before summing up the rest. */
const SHOWN = 3;

/**
 * What a delete takes with the large objects among the chosen ones, said
 * before anything goes: their segments live in another container, where the
 * person would otherwise never see them go (or stay behind).
 */
export function LargeObjectsNote({ parts }: { parts: readonly LargeObjectParts[] }) {
  if (parts.length === 0) return null;
  const owned = parts.filter((p) => p.owned && p.segments > 0);
  const kept = parts.filter((p) => !p.owned);
  const rest = owned.slice(SHOWN);
  return (
    <div role="note" aria-label="Large objects">
      {owned.slice(0, SHOWN).map((p) => (
        <p key={p.name}>
          <UntrustedName name={p.name} /> is a large object: its {formatCountOf(p.segments, 'segment')} (
          {formatBytes(p.bytes)}) in <UntrustedName name={p.location} /> are deleted with it.
        </p>
      ))}
      {rest.length > 0 && (
        <p>
          {formatCountOf(rest.length, 'more large object')} go with their{' '}
          {formatCountOf(
            rest.reduce((n, p) => n + p.segments, 0),
            'segment',
          )}{' '}
          ({formatBytes(rest.reduce((n, p) => n + p.bytes, 0))}).
        </p>
      )}
      {kept.map((p) => (
        <p key={p.name}>
          <UntrustedName name={p.name} /> reads its segments from <UntrustedName name={p.location} />, which it shares
          with whatever else is there: they are kept.
        </p>
      ))}
    </div>
  );
}
