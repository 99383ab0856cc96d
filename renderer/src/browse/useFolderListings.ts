/**
 * Subscribes the tree to the listing of every expanded node it shows. React
 * Query's hooks take one query each; the tree needs a changing number of
 * infinite queries, so it keeps one InfiniteQueryObserver per node — the
 * same query (key, function, pages) the objects pane uses, so nothing is
 * listed twice.
 */
import { InfiniteQueryObserver, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { objectsQueryOptions } from './queries';
import { nodeId, type TreeNode } from './treeRows';

const observe = (client: QueryClient, region: string, node: TreeNode) =>
  new InfiniteQueryObserver(client, objectsQueryOptions(client, region, node.container, node.prefix));
type Observer = ReturnType<typeof observe>;
export type ListingResult = ReturnType<Observer['getCurrentResult']>;

class ListingObservers {
  private readonly entries = new Map<string, { observer: Observer; stop: () => void }>();
  private readonly listeners = new Set<() => void>();
  private snapshot: ReadonlyMap<string, ListingResult> = new Map();

  constructor(private readonly client: QueryClient) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ReadonlyMap<string, ListingResult> => this.snapshot;

  /** Observes exactly `nodes`: starts what is new, stops what is gone. */
  sync(region: string, nodes: readonly TreeNode[]): void {
    const wanted = new Map(nodes.map((node) => [nodeId(node), node]));
    const next = new Map(this.snapshot);
    for (const [id, entry] of this.entries) {
      if (wanted.has(id)) continue;
      entry.stop();
      this.entries.delete(id);
      next.delete(id);
    }
    for (const [id, node] of wanted) {
      if (this.entries.has(id)) continue;
      const observer = observe(this.client, region, node);
      const stop = observer.subscribe((result) => this.publish(id, result));
      this.entries.set(id, { observer, stop });
      next.set(id, observer.getCurrentResult());
    }
    this.snapshot = next;
    this.emit();
  }

  /** Loads the next page of a node's folders, unless one is on its way or the last one failed. */
  fetchNext = (id: string): void => {
    const observer = this.entries.get(id)?.observer;
    const result = observer?.getCurrentResult();
    if (!observer || !result || !result.hasNextPage || result.isFetching || result.isError) return;
    void observer.fetchNextPage();
  };

  /** Retries a node's listing after an error: the failed next page, or the whole listing. */
  retry = (id: string): void => {
    const observer = this.entries.get(id)?.observer;
    const result = observer?.getCurrentResult();
    if (!observer || !result) return;
    if (result.isFetchNextPageError) void observer.fetchNextPage();
    else void observer.refetch();
  };

  stopAll(): void {
    for (const entry of this.entries.values()) entry.stop();
    this.entries.clear();
    this.snapshot = new Map();
  }

  private publish(id: string, result: ListingResult): void {
    if (!this.entries.has(id)) return;
    this.snapshot = new Map(this.snapshot).set(id, result);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export interface FolderListings {
  results: ReadonlyMap<string, ListingResult>;
  fetchNext: (id: string) => void;
  retry: (id: string) => void;
}

export function useFolderListings(region: string, nodes: readonly TreeNode[]): FolderListings {
  const client = useQueryClient();
  const [store] = useState(() => new ListingObservers(client));
  const results = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => store.sync(region, nodes), [store, region, nodes]);
  useEffect(() => () => store.stopAll(), [store]);
  return useMemo(() => ({ results, fetchNext: store.fetchNext, retry: store.retry }), [results, store]);
}
