import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ContainerPage } from '../../../shared/domain';
import { containersKey } from './queryKeys';
import { putListedContainer, removeListedContainer } from './containerListCache';

const row = (name: string, objectCount = 3) => ({ name, objectCount, bytesUsed: 9, lastModified: undefined });
const page = (names: string[], nextMarker: string | undefined): ContainerPage => ({
  containers: names.map((name) => row(name)),
  nextMarker,
});

function cacheWith(pages: Record<string, ContainerPage[]>) {
  const client = new QueryClient();
  for (const [prefix, list] of Object.entries(pages)) {
    client.setQueryData<InfiniteData<ContainerPage>>(containersKey('R', prefix), {
      pages: list,
      pageParams: list.map((_, i) => (i === 0 ? '' : list[i - 1]?.nextMarker)),
    });
  }
  const names = (prefix = '') =>
    client
      .getQueryData<InfiniteData<ContainerPage>>(containersKey('R', prefix))
      ?.pages.map((p) => p.containers.map((c) => c.name));
  return { client, names };
}

describe('container list edits', () => {
  it('puts a new container where it sorts, in the page that covers it, and in the lists its name matches', () => {
    const { client, names } = cacheWith({
      '': [page(['a', 'c'], 'c'), page(['e', 'g'], 'g')],
      b: [page(['b1'], 'b1')],
      x: [page([], undefined)],
    });
    putListedContainer(client, 'R', row('b', 0));
    putListedContainer(client, 'R', row('d', 0));
    expect(names()).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'g'],
    ]);
    expect(names('b')).toEqual([['b', 'b1']]);
    expect(names('x')).toEqual([[]]);
  });

  it('leaves a name past the loaded pages to the listing, unless the list was read to its end', () => {
    const open = cacheWith({ '': [page(['a', 'c'], 'c')] });
    putListedContainer(open.client, 'R', row('z'));
    expect(open.names()).toEqual([['a', 'c']]);
    const ended = cacheWith({ '': [page(['a', 'c'], 'c'), page([], undefined)] });
    putListedContainer(ended.client, 'R', row('z'));
    expect(ended.names()).toEqual([['a', 'c'], ['z']]);
  });

  it('writes over a row of the same name, and takes a deleted one out of every list', () => {
    const { client, names } = cacheWith({ '': [page(['a', 'b'], 'b')], b: [page(['b'], 'b')] });
    putListedContainer(client, 'R', row('b', 0));
    const first = client.getQueryData<InfiniteData<ContainerPage>>(containersKey('R', ''))?.pages[0];
    expect(first?.containers.map((c) => c.objectCount)).toEqual([3, 0]);
    removeListedContainer(client, 'R', 'b');
    expect(names()).toEqual([['a']]);
    expect(names('b')).toEqual([[]]);
    removeListedContainer(client, 'R', 'nope');
    expect(names()).toEqual([['a']]);
  });

  it('keeps an edit made while a page of the list was on its way (the fetch writes the pages it started from)', async () => {
    const { client, names } = cacheWith({ '': [page(['a', 'c'], 'c')] });
    let answer!: () => void;
    const observer = new InfiniteQueryObserver(client, {
      queryKey: containersKey('R', ''),
      initialPageParam: '',
      queryFn: () => new Promise<ContainerPage>((resolve) => (answer = () => resolve(page(['e'], 'e')))),
      getNextPageParam: (last: ContainerPage) => last.nextMarker,
    });
    const fetching = observer.fetchNextPage();
    putListedContainer(client, 'R', row('b'));
    removeListedContainer(client, 'R', 'a');
    answer();
    await fetching;
    expect(names()).toEqual([['b', 'c'], ['e']]);
  });
});
