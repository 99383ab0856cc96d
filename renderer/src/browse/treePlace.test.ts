import { describe, expect, it } from 'vitest';
import type { ContainerSummary } from '../../../shared/domain';
import { placeStep } from './treePlace';
import { nodeId, treeRows, type Level } from './treeRows';

const summary = (name: string): ContainerSummary => ({ name, objectCount: 1, bytesUsed: 1, lastModified: undefined });
/** A level as treeLevels makes it: its listing has read up to its last item, or to `reached` (objects after it). */
const level = <T>(items: T[], more = false, error: unknown = null, reached?: string): Level<T> => {
  const last = items.at(-1);
  const name = typeof last === 'string' ? last : (last as ContainerSummary | undefined)?.name;
  return { items, hasMore: more, fetching: false, error, reached: reached ?? name };
};
const atlas = { container: 'atlas', prefix: '' };
const folder = (prefix: string) => ({ container: 'atlas', prefix });

/** The tree with "atlas" expanded, its folders as given (a level of folders f-000/ …). */
const tree = (folders: Level<string>, containers = level([summary('atlas'), summary('zebra')])) =>
  treeRows({
    containers,
    expanded: new Set([nodeId(atlas), nodeId(folder('f-001/'))]),
    folders: (id) =>
      id === nodeId(atlas) ? folders : id === nodeId(folder('f-001/')) ? level(['f-001/x/']) : undefined,
  });

describe('placeStep', () => {
  it("loads the next page of the folder's level when the folder sorts after all that level has loaded", () => {
    const rows = tree(level(['f-000/', 'f-001/'], true));
    expect(placeStep(rows, folder('f-250/'))).toEqual({ load: nodeId(atlas) });
    // Under a folder that is itself past the loaded pages: the same level brings its folder first.
    expect(placeStep(rows, folder('f-250/deep/'))).toEqual({ load: nodeId(atlas) });
  });

  it('calls a row gone when its level has loaded past it, has no more, failed, or is collapsed', () => {
    // Deleted: the level has loaded names after it, so no later page holds it.
    expect(placeStep(tree(level(['f-000/', 'f-002/'], true)), folder('f-001/'))).toBe('gone');
    // Deleted, with only objects listed after it: the listing read past it, though no folder row shows that.
    expect(placeStep(tree(level(['f-000/'], true, null, 'f-zz-object.txt')), folder('f-001/'))).toBe('gone');
    // The level is read to its end.
    expect(placeStep(tree(level(['f-000/', 'f-001/'])), folder('f-250/'))).toBe('gone');
    // Its next page failed: the person sees the error and its Retry, nothing loads by itself.
    expect(placeStep(tree(level(['f-000/'], true, new Error('down'))), folder('f-250/'))).toBe('gone');
    // A folder under a collapsed one.
    expect(placeStep(tree(level(['f-000/', 'f-001/'], true)), folder('f-000/y/'))).toBe('gone');
  });

  it('loads the container list only for a container past its loaded pages', () => {
    const containers = level([summary('atlas'), summary('zebra')], true);
    expect(placeStep(tree(level([]), containers), { container: 'zz-top', prefix: '' })).toEqual({ load: undefined });
    // A deleted container among the loaded ones does not set off the loading of every container after it.
    expect(placeStep(tree(level([]), containers), { container: 'mango', prefix: '' })).toBe('gone');
  });
});
