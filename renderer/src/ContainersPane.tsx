import { useEffect, useState } from 'react';
import type { ContainerSummary } from '../../shared/domain';
import { ContainerList } from './ContainerList';
import { formatCount, formatCountOf } from './format';
import { useAccount, useContainers } from './queries';

interface Props {
  region: string;
  selectedName: string | undefined;
  onSelect: (container: ContainerSummary) => void;
}

const FILTER_DELAY_MS = 250;

/** The left pane: header with counts and a prefix filter, then the virtual list. */
export function ContainersPane({ region, selectedName, onSelect }: Props) {
  const [filter, setFilter] = useState('');
  const prefix = useDebounced(filter, FILTER_DELAY_MS);
  const containers = useContainers(region, prefix);
  const account = useAccount(region);

  const loaded = containers.data?.pages.reduce((n, page) => n + page.containers.length, 0);
  const total = account.data?.containerCount;

  return (
    <nav className="pane pane-containers" aria-label="Container browser">
      <div className="pane-header">
        <h2>Containers</h2>
        <span className="muted count" aria-live="polite">
          {countLabel(loaded, total, Boolean(prefix), containers.hasNextPage)}
        </span>
      </div>
      <div className="pane-filter">
        <input
          type="search"
          aria-label="Filter containers by prefix"
          placeholder="Filter by prefix"
          spellCheck={false}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <ContainerList query={containers} prefix={prefix} selectedName={selectedName} onSelect={onSelect} />
    </nav>
  );
}

function countLabel(loaded: number | undefined, total: number | undefined, filtered: boolean, more: boolean): string {
  if (loaded === undefined) return '';
  if (filtered) return more ? `${formatCount(loaded)}+ matching` : `${formatCount(loaded)} matching`;
  if (!more) return formatCountOf(loaded, 'container');
  if (total === undefined) return `${formatCount(loaded)} loaded`;
  return `${formatCount(loaded)} of ${formatCountOf(total, 'container')}`;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
