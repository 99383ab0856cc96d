/** The sync dialog's list rows: a comparison's groups, or a plan's actions by kind, each group under its heading. */
import type { SyncEntry } from '../../../shared/sync';
import type { ActionKind, PlanAction } from '../../../shared/sync-plan';
import { formatBytes } from '../ui/format';

export type SyncRow =
  | { type: 'group'; key: string; title: string; count: number; names: string[]; checkable: boolean }
  | { type: 'item'; key: string; name: string; detail: string; checkable: boolean };

const KIND_TITLES = {
  onlyLocal: 'Only on this computer',
  onlyRemote: 'Only in Swift',
  different: 'Different',
} as const;
const WHY = { size: 'sizes differ', content: 'content differs', time: 'only the time differs' } as const;

export const ACTION_TITLES: Record<ActionKind, string> = {
  upload: 'Upload to Swift',
  download: 'Download to this computer',
  deleteRemote: 'Delete from Swift',
  deleteLocal: 'Delete from this computer',
  conflict: 'Conflicts, not decided',
};

function detailOf(e: SyncEntry): string {
  if (e.kind !== 'different') return formatBytes((e.local ?? e.remote)?.bytes ?? 0);
  const sizes =
    e.local?.bytes === e.remote?.bytes
      ? `${formatBytes(e.local?.bytes ?? 0)} each`
      : `${formatBytes(e.local?.bytes ?? 0)} here, ${formatBytes(e.remote?.bytes ?? 0)} in Swift`;
  return `${e.why ? WHY[e.why] : 'different'}; ${sizes}`;
}

function grouped<T>(
  items: readonly T[],
  order: readonly string[],
  kindOf: (item: T) => string,
  title: (kind: string) => string,
  item: (x: T) => { name: string; detail: string },
  checkable: (kind: string) => boolean,
): SyncRow[] {
  const rows: SyncRow[] = [];
  for (const kind of order) {
    const members = items.filter((x) => kindOf(x) === kind);
    if (members.length === 0) continue;
    const names = members.map((x) => item(x).name);
    rows.push({
      type: 'group',
      key: `group:${kind}`,
      title: title(kind),
      count: members.length,
      names,
      checkable: checkable(kind),
    });
    for (const x of members)
      rows.push({ type: 'item', key: `${kind}:${item(x).name}`, ...item(x), checkable: checkable(kind) });
  }
  return rows;
}

/** A comparison's differences by group (nothing to tick: the plan is where choices are made). */
export const comparisonRows = (entries: readonly SyncEntry[]): SyncRow[] =>
  grouped(
    entries,
    ['onlyLocal', 'onlyRemote', 'different'],
    (e) => e.kind,
    (k) => KIND_TITLES[k as keyof typeof KIND_TITLES],
    (e) => ({ name: e.name, detail: detailOf(e) }),
    () => false,
  );

/** A plan's actions by kind, each with its reason; every one but a conflict can be unticked. */
export const planRows = (actions: readonly PlanAction[]): SyncRow[] =>
  grouped(
    actions,
    Object.keys(ACTION_TITLES),
    (a) => a.kind,
    (k) => ACTION_TITLES[k as ActionKind],
    (a) => ({ name: a.name, detail: a.bytes > 0 ? `${a.reason}; ${formatBytes(a.bytes)}` : a.reason }),
    (k) => k !== 'conflict',
  );
