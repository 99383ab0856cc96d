import { useId, useState } from 'react';
import type { Container } from '../../../shared/domain';
import { containerNameProblems } from '../../../shared/validation';
import { VERSIONING_EXPLAINED } from '../../../shared/versions';
import { ErrorMessage } from '../ui/ErrorMessage';
import { FieldProblems } from '../ui/FieldProblems';
import { useLimits } from '../cache/queries';
import { useSetVersioning } from './queries';

type LegacyMode = 'none' | 'stack' | 'history';

function stateText(container: Container): string {
  const { enabled, legacy } = container.versioning;
  if (legacy)
    return `Legacy ${legacy.mode === 'stack' ? 'versions' : 'history'} location: old versions go to “${legacy.location}”.`;
  if (enabled) return 'On: every overwrite and delete keeps the previous version.';
  if (enabled === false) return 'Suspended: new changes are not kept; the versions kept so far stay.';
  return 'Off: an overwrite or a delete cannot be undone.';
}

/**
 * The container's versioning: the switch for Swift's object versioning
 * (`X-Versions-Enabled`), and, folded away, the two legacy modes
 * (`X-Versions-Location`, `X-History-Location`), each with a sentence on how
 * it treats a delete. Swift allows one mode at a time and says so when asked
 * for both; that sentence is shown as it comes.
 */
export function ContainerVersioning({ region, container }: { region: string; container: Container }) {
  const id = useId();
  const change = useSetVersioning(region, container.name);
  const limits = useLimits(region);
  const { enabled, legacy } = container.versioning;
  const [mode, setMode] = useState<LegacyMode>(legacy?.mode ?? 'none');
  const [location, setLocation] = useState(legacy?.location ?? `${container.name}-versions`);
  const locationProblems = mode === 'none' || !limits.data ? [] : containerNameProblems(location, limits.data);
  const legacyUnchanged = mode === (legacy?.mode ?? 'none') && (mode === 'none' || location === legacy?.location);

  return (
    <section className="versioning" aria-label="Versioning">
      <div className="public-read-line">
        <label htmlFor={`${id}-switch`} className="public-read-label">
          Keep versions
        </label>
        <button
          id={`${id}-switch`}
          type="button"
          role="switch"
          aria-checked={enabled === true}
          aria-describedby={`${id}-explain`}
          className="switch"
          disabled={change.isPending || legacy !== undefined}
          onClick={() => change.mutate({ kind: 'current', enabled: enabled !== true })}
        >
          <span className="switch-thumb" aria-hidden="true" />
        </button>
      </div>
      <p id={`${id}-explain`} className="muted">
        {VERSIONING_EXPLAINED.current}
      </p>
      <p role="status">{change.isPending ? 'Saving…' : stateText(container)}</p>
      <details className="versioning-legacy" open={legacy !== undefined}>
        <summary>Legacy modes</summary>
        <p className="muted">
          Older clusters and tools version through a second container. {VERSIONING_EXPLAINED.stack}{' '}
          {VERSIONING_EXPLAINED.history} The current mode above keeps versions in this container instead; Swift allows
          one mode at a time.
        </p>
        <form
          className="versioning-legacy-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (locationProblems.length > 0 || legacyUnchanged) return;
            change.mutate(mode === 'none' ? { kind: 'legacyOff' } : { kind: 'legacy', mode, location });
          }}
        >
          <label>
            Mode{' '}
            <select value={mode} onChange={(e) => setMode(e.target.value as LegacyMode)} disabled={change.isPending}>
              <option value="none">None</option>
              <option value="stack">Versions location (a delete restores the previous version)</option>
              <option value="history">History location (a delete keeps every version)</option>
            </select>
          </label>
          {mode !== 'none' && (
            <label>
              Container for old versions{' '}
              <input
                value={location}
                onChange={(e) => setLocation(e.target.value)}
                aria-invalid={locationProblems.length > 0}
                disabled={change.isPending}
              />
            </label>
          )}
          <FieldProblems problems={locationProblems} />
          <button type="submit" disabled={change.isPending || legacyUnchanged || locationProblems.length > 0}>
            Save legacy mode
          </button>
        </form>
      </details>
      {change.isError && (
        <ErrorMessage
          title="Could not change the versioning."
          error={change.error}
          onRetry={() => change.variables && change.mutate(change.variables)}
        />
      )}
    </section>
  );
}
