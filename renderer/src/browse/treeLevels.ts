/** Turns query results into the tree's paged levels. */
import type { InfiniteData } from '@tanstack/react-query';
import type { ContainerPage, ContainerSummary } from '../../../shared/domain';
import type { ListingPage } from '../cache/listingPage';
import { nodeId, type Level, type TreeNode } from './treeRows';

/** The folders in a node's listing pages, computed once per pages object (they only grow by whole pages). */
const foldersOfPages = new WeakMap<InfiniteData<ListingPage, unknown>, string[]>();

export function foldersOf(data: InfiniteData<ListingPage, unknown>): string[] {
  let folders = foldersOfPages.get(data);
  if (!folders) {
    folders = data.pages.flatMap((page) => page.names.filter((_, i) => (page.bytes[i] ?? 0) < 0));
    foldersOfPages.set(data, folders);
  }
  return folders;
}

interface ListingLike {
  data: InfiniteData<ListingPage, unknown> | undefined;
  isPending: boolean;
  hasNextPage: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
}

export function folderLevel(result: ListingLike | undefined): Level<string> | undefined {
  if (!result) return undefined;
  return {
    items: result.data ? foldersOf(result.data) : [],
    hasMore: result.isPending || result.hasNextPage,
    fetching: result.isFetching,
    error: result.isError ? result.error : null,
    // A page of objects moves the listing on without adding a folder row: the last page's end says how far.
    reached: result.data?.pages.at(-1)?.after || undefined,
  };
}

interface ContainersLike {
  data: InfiniteData<ContainerPage, unknown> | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
}

export function containerLevel(query: ContainersLike): Level<ContainerSummary> {
  const items = query.data?.pages.flatMap((page) => page.containers) ?? [];
  return {
    items,
    // The page's own marker: a container deleted at the end of the loaded ones leaves it where it was.
    reached: query.data?.pages.at(-1)?.nextMarker ?? items.at(-1)?.name,
    hasMore: query.hasNextPage,
    fetching: query.isFetchingNextPage,
    error: query.isFetchNextPageError ? query.error : null,
  };
}

/** Expanded nodes the tree actually shows: every ancestor is expanded too. */
export function shownExpanded(expanded: ReadonlyMap<string, TreeNode>): TreeNode[] {
  return [...expanded.values()].filter((node) => ancestorsOf(node).every((a) => expanded.has(nodeId(a))));
}

/** The container and the folders above a node, outermost first (not the node itself). */
export function ancestorsOf(node: TreeNode): TreeNode[] {
  if (node.prefix === '') return [];
  const ancestors: TreeNode[] = [{ container: node.container, prefix: '' }];
  const segments = node.prefix.split('/').slice(0, -2); // "a/b/c/" → ["a", "b"]
  let prefix = '';
  for (const segment of segments) {
    prefix += `${segment}/`;
    ancestors.push({ container: node.container, prefix });
  }
  return ancestors;
}
