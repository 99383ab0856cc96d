/**
 * The activity log as the pane holds it: every entry the main process still keeps, read a page at a
 * time after the newest one held, so a poll while the pane is open asks only for what is new (usually
 * nothing: one small answer a second). Entries the main process has evicted or cleared are dropped.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACTIVITY_CAPACITY, type ActivityEntry, type ActivityFilter } from '../../../shared/activity';
import { call } from '../api';

export const activityKey = ['activity'] as const;

/** How often an open pane asks for new entries. */
const POLL_MS = 1000;

export interface ActivityView {
  /** Oldest first. */
  entries: readonly ActivityEntry[];
}

const EMPTY: ActivityView = { entries: [] };

async function readNewer(held: ActivityView): Promise<ActivityView> {
  let entries = held.entries;
  let after = entries.at(-1)?.seq ?? 0;
  let first = 0;
  for (;;) {
    const page = await call('listActivity', { after });
    first = page.first;
    if (page.entries.length > 0) {
      entries = entries.concat(page.entries);
      after = page.entries.at(-1)!.seq;
    }
    if (after >= page.next - 1) break;
  }
  const dropped = entries.findIndex((entry) => entry.seq >= first);
  const from = Math.max(dropped < 0 ? entries.length : dropped, entries.length - ACTIVITY_CAPACITY);
  if (entries === held.entries && from === 0) return held;
  return { entries: from === 0 ? entries : entries.slice(from) };
}

/** The log, polled while `open`. */
export function useActivityLog(open: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: activityKey,
    queryFn: () => readNewer(client.getQueryData<ActivityView>(activityKey) ?? EMPTY),
    enabled: open,
    refetchInterval: open ? POLL_MS : false,
    // The answer is the held view itself when nothing changed: no deep comparison of 10,000 entries a second.
    structuralSharing: false,
  });
}

export function useClearActivity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('clearActivity', {}),
    onSuccess: () => client.setQueryData<ActivityView>(activityKey, EMPTY),
  });
}

/** Saves what the filter shows; the main process asks where (null: the person cancelled). */
export function useSaveActivity() {
  return useMutation({
    mutationFn: (filter: ActivityFilter) =>
      call('saveActivity', {
        ...(filter.text ? { text: filter.text } : {}),
        ...(filter.status ? { status: filter.status } : {}),
      }),
  });
}
