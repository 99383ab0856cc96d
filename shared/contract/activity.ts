/**
 * The IPC requests of the activity log: every HTTP request the main process made, read a page at a
 * time after the last one the page holds (so a pane that polls gets only what is new), cleared, or
 * saved as text where the person chooses in the main process's own save dialog.
 */
import { z } from 'zod';
import { STATUS_CLASSES, type ActivityEntry } from '../activity';

/** The most entries one answer carries: about 200 KB of JSON. */
export const ACTIVITY_PAGE_LIMIT = 1000;

export const requests = {
  listActivity: z.strictObject({
    /** Only entries after this seq; 0 (or none) for the oldest held. */
    after: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(ACTIVITY_PAGE_LIMIT).optional(),
  }),
  clearActivity: z.strictObject({}),
  /** Saves the entries this filter matches: what the pane shows. */
  saveActivity: z.strictObject({
    text: z.string().max(1000).optional(),
    status: z.enum(STATUS_CLASSES).optional(),
  }),
} as const;

export interface ActivityPage {
  entries: ActivityEntry[];
  /** The oldest seq the log still holds: a reader drops what it holds from before it (evicted or cleared). */
  first: number;
  /** The seq the next entry will get: more entries wait when the last one given is below `next - 1`. */
  next: number;
}

export interface Responses {
  listActivity: ActivityPage;
  clearActivity: true;
  /** How many entries were written; null when the person cancelled the dialog. */
  saveActivity: { saved: number } | null;
}
