// The activity log: the requests the main process made, read, cleared and saved as text.
import { randomBytes } from 'node:crypto';
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
    await writeWhole(file, activityText(entries));
    return { saved: entries.length };
  },
};

// Written beside the chosen name and renamed onto it: the chosen file is never seen empty or half-written
// (CI caught a reader between open and write), and a failed write leaves an older file there as it was.
async function writeWhole(file: string, text: string): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
  try {
    await fs.writeFile(temp, text, { mode: 0o600, flag: 'wx' });
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}
