/** What the transfers panel says of an object being edited, and which saves the listings should show. */
import type { EditingSession } from '../../../shared/editing';
import { numberedName } from '../../../shared/numbered-name';
import { formatDateTime } from '../ui/format';

/** "just now", "2 min ago", "3 h ago", or the date and time for older saves. */
export function agoText(iso: string, now: number): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 24 * 3600) return `${Math.floor(seconds / 3600)} h ago`;
  return `on ${formatDateTime(iso)}`;
}

/** The part after "Editing notes.txt — ". */
export function editingStatus(edit: EditingSession, now: number): string {
  switch (edit.state) {
    case 'uploading':
      return 'saving…';
    case 'failed':
      return `not saved: ${edit.error?.message ?? 'the upload failed'} Your copy is kept.`;
    case 'conflict':
      return `not saved: ${edit.error?.message ?? 'it changed in Swift meanwhile.'}`;
    case 'watching':
      return edit.savedAt ? `saved ${agoText(edit.savedAt, now)}` : 'open, nothing saved yet';
  }
}

/** The edits whose object Swift now holds a newer save of than `before` knew (or a new numbered object). */
export function newlySaved(before: readonly EditingSession[], after: readonly EditingSession[]): EditingSession[] {
  const known = new Map(before.map((edit) => [edit.id, edit]));
  return after.filter((edit) => {
    const was = known.get(edit.id);
    return edit.savedAt !== undefined && (edit.savedAt !== was?.savedAt || edit.name !== was.name);
  });
}

/** The name "keep both" tries first (the main process takes the next free one if it is taken). */
export const numberedNameHint = (name: string): string => numberedName(name, 2);
