// The activity log: the requests the main process made, read, cleared and saved as text.
import fs from 'node:fs/promises';
import { activityText, matchesActivity } from '../../../shared/activity';
import { ACTIVITY_PAGE_LIMIT, type Responses } from '../../../shared/contract/activity';
import type { Ops } from '../main-state';

export const operations: Ops<keyof Responses> = {
  async listActivity(r, state) {
    const { activity } = state;
    return {
      entries: activity.since(r.after ?? 0, r.limit ?? ACTIVITY_PAGE_LIMIT),
      first: activity.first,
      next: activity.next,
    };
  },
  async clearActivity(_r, state) {
    state.activity.clear();
    return true;
  },
  // The page names no path: the person picks the file in the main process's dialog, and nothing else is written.
  async saveActivity(r, state) {
    const file = await state.deps.dialogs.chooseSaveFile('Save the activity log', 'cirrus-activity.txt');
    if (file === null) return null;
    const entries = state.activity.all().filter((entry) => matchesActivity(entry, r));
    await fs.writeFile(file, activityText(entries), { mode: 0o600 });
    return { saved: entries.length };
  },
};
