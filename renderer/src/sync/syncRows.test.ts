import { describe, expect, it } from 'vitest';
import type { SyncEntry } from '../../../shared/sync';
import { planActions } from '../../../shared/sync-plan';
import { comparisonRows, planRows } from './syncRows';

const remote = { bytes: 2048, etag: 'e', lastModified: '2026-01-01T00:00:00', mtime: undefined };
const entries: SyncEntry[] = [
  { name: 'a.txt', kind: 'onlyLocal', local: { bytes: 10, mtime: 1 } },
  { name: 'b.txt', kind: 'different', why: 'content', local: { bytes: 2048, mtime: 1 }, remote },
  { name: 'c.txt', kind: 'onlyRemote', remote },
];

describe('the sync dialog rows', () => {
  it('a comparison: each group under its heading with its count, why a difference differs, nothing to tick', () => {
    const rows = comparisonRows(entries);
    expect(rows.map((r) => (r.type === 'group' ? `# ${r.title} (${r.count})` : `${r.name}: ${r.detail}`))).toEqual([
      '# Only on this computer (1)',
      'a.txt: 10 B',
      '# Only in Swift (1)',
      'c.txt: 2 KiB',
      '# Different (1)',
      'b.txt: content differs; 2 KiB each',
    ]);
    expect(rows.every((r) => !r.checkable)).toBe(true);
  });

  it('a plan: actions by kind, each with its reason; conflicts cannot be ticked', () => {
    const rows = planRows(planActions(entries, 'mirrorUp', true));
    expect(rows.filter((r) => r.type === 'group').map((r) => r.type === 'group' && r.title)).toEqual([
      'Upload to Swift',
      'Delete from Swift',
    ]);
    expect(rows.find((r) => r.type === 'item' && r.name === 'c.txt')).toMatchObject({
      detail: 'not on this computer: deleted from Swift',
      checkable: true,
    });
    const tie = planRows(planActions([{ ...entries[1]!, local: { bytes: 2048, mtime: 1767225600 } }], 'both', false));
    expect(tie.every((r) => r.checkable === false)).toBe(true);
  });
});
