/** The comparison view's rows (group headings and differences, one list) and what a choice copies where. */
import type { DifferenceKind, RegionDifference } from '../../../shared/region-diff';

export type DifferenceRow =
  | { type: 'group'; kind: DifferenceKind; key: string; names: string[] }
  | { type: 'item'; key: string; difference: RegionDifference };

export const GROUP_ORDER: readonly DifferenceKind[] = ['onlySource', 'onlyTarget', 'different'];

/** Each group that has differences: its heading, then its rows (Swift's name order, as compared). */
export function differenceRows(differences: readonly RegionDifference[]): DifferenceRow[] {
  const rows: DifferenceRow[] = [];
  for (const kind of GROUP_ORDER) {
    const members = differences.filter((d) => d.kind === kind);
    if (members.length === 0) continue;
    rows.push({ type: 'group', kind, key: `group:${kind}`, names: members.map((d) => d.name) });
    for (const difference of members) rows.push({ type: 'item', key: `item:${difference.name}`, difference });
  }
  return rows;
}

/**
 * What "Copy to" each side sends of the chosen names: to the target, what is
 * only in the source or different; to the source, what is only in the target
 * or different. `bytes` is the copying side's size (for the progress bar).
 */
export function copyItems(
  differences: readonly RegionDifference[],
  chosen: ReadonlySet<string>,
  to: 'target' | 'source',
): { name: string; bytes: number }[] {
  const only: DifferenceKind = to === 'target' ? 'onlySource' : 'onlyTarget';
  return differences
    .filter((d) => chosen.has(d.name) && (d.kind === only || d.kind === 'different'))
    .map((d) => ({ name: d.name, bytes: (to === 'target' ? d.source : d.target)?.bytes ?? 0 }));
}

/** The choice after the group's "select all" box was clicked: all of the group in, or all of it out. */
export function toggleGroup(chosen: ReadonlySet<string>, names: readonly string[]): Set<string> {
  const next = new Set(chosen);
  const all = names.every((n) => next.has(n));
  for (const name of names) {
    if (all) next.delete(name);
    else next.add(name);
  }
  return next;
}
