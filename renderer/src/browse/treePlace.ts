/** Where the tree's place went when its row left the rows, and what brings it back. */
import { compareNames } from '../../../shared/listing-order';
import { ancestorsOf } from './treeLevels';
import { nodeId, type TreeNode, type TreeRow } from './treeRows';

/** What to do for a row that is not among the rows: load the next page of a level, or nothing (it is gone). */
export type PlaceStep = { load: string | undefined } | 'gone';

/** A node's name in its level's listing order: a container's name, a folder's prefix. */
const nameOf = (node: TreeNode) => (node.prefix === '' ? node.container : node.prefix);

/**
 * A node's row is missing when a level above it lost pages (File → Refresh
 * keeps each listing's first page only). Walking down from its container, the
 * first node missing is in a level that is shown; its next page can bring it
 * only if it sorts after the last name that level's listing has read, and
 * while the level has more (its "more" row). Otherwise the row is gone:
 * deleted, in a level that failed or ended, or under a folder the person
 * collapsed. So a deleted container never sets off the loading of every
 * container after it.
 */
export function placeStep(rows: readonly TreeRow[], node: TreeNode): PlaceStep {
  const ids = new Set(rows.map((row) => row.id));
  let parent: string | undefined;
  for (const step of [...ancestorsOf(node), node]) {
    const id = nodeId(step);
    if (!ids.has(id)) {
      const more = rows.find((row) => row.type === 'more' && row.id === `more:${parent ?? ''}`);
      if (more?.type !== 'more' || more.error) return 'gone';
      const { reached } = more;
      return reached === undefined || compareNames(nameOf(step), reached) > 0 ? { load: more.levelId } : 'gone';
    }
    parent = id;
  }
  return 'gone'; // present: nothing to load (the caller looks for it first)
}
