import type { ReactNode } from 'react';
import { MAKER_LABEL, type SegmentGroup } from '../../../shared/segment-groups';
import { formatBytes, formatCount, formatDateTime } from '../ui/format';
import { UntrustedName } from '../ui/UntrustedName';
import { useFixedRows } from '../ui/useFixedRows';

export const groupId = (g: { container: string; prefix: string }): string => `${g.container}\0${g.prefix}`;

interface Props {
  groups: readonly SegmentGroup[];
  chosen: ReadonlySet<string>;
  disabled: boolean;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
}

/** The list's tallest: room for the summary, the notes and the buttons in an 800×560 window. */
const LIST_MAX = 'min(420px, calc(100vh - 330px))';

/**
 * The groups as fixed-height rows drawn only where they are on screen
 * (useFixedRows, as the objects grid), under a heading row with the
 * select-all box: a scan may list thousands of groups.
 */
export function SegmentGroupList({ groups, chosen, disabled, onToggle, onToggleAll }: Props) {
  const { scrollerRef, first, last, totalHeight, rowHeight } = useFixedRows({ count: groups.length });
  const all = groups.length > 0 && groups.every((g) => chosen.has(groupId(g)));
  const some = !all && groups.some((g) => chosen.has(groupId(g)));
  const rows: ReactNode[] = [];
  for (let index = first; index <= last; index++) {
    const g = groups[index];
    if (!g) continue;
    const id = groupId(g);
    rows.push(
      <label
        key={id}
        role="listitem"
        className="segment-row"
        style={{ top: index * rowHeight, height: rowHeight }}
        title={`${g.container}/${g.prefix}`}
      >
        <input
          type="checkbox"
          aria-label={`${g.container}/${g.prefix}`}
          checked={chosen.has(id)}
          disabled={disabled}
          onChange={() => onToggle(id)}
        />
        <UntrustedName name={g.container} middleEllipsis className="segment-container" />
        <UntrustedName name={g.prefix} middleEllipsis className="segment-prefix" />
        <span className="segment-maker muted">{MAKER_LABEL[g.madeBy]}</span>
        <span className="segment-count">{formatCount(g.segments)}</span>
        <span className="segment-bytes">{formatBytes(g.bytes)}</span>
        <span className="segment-written muted">{formatDateTime(g.lastModified)}</span>
      </label>,
    );
  }
  return (
    <div className="segment-table">
      <div className="segment-row segment-head">
        <input
          type="checkbox"
          aria-label="Select all groups"
          checked={all}
          disabled={disabled || groups.length === 0}
          ref={(el) => {
            if (el) el.indeterminate = some;
          }}
          onChange={onToggleAll}
        />
        <span className="segment-container">Container</span>
        <span className="segment-prefix">Upload</span>
        <span className="segment-maker">Made by</span>
        <span className="segment-count">Segments</span>
        <span className="segment-bytes">Size</span>
        <span className="segment-written">Last written</span>
      </div>
      <div
        ref={scrollerRef}
        className="segment-scroller"
        // As tall as its rows, up to the cap: a short list leaves no empty box.
        style={{ height: `min(${totalHeight}px, ${LIST_MAX})` }}
      >
        <div role="list" aria-label="Leftover segments" className="segment-body" style={{ height: totalHeight }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
