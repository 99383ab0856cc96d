/**
 * The person's transfer settings (how uploads are split, how many files move at once, the bandwidth
 * limits), kept in
 * `<userDataDir>/transfer-settings.json`. Plain Node. A missing, unreadable or
 * damaged file gives the defaults, field by field: these are preferences,
 * not data, and an upload must never fail for want of them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { transferSettingsFields, windowRule } from '../../shared/contract/settings';
import { DEFAULT_TRANSFER_SETTINGS, type TransferSettings } from '../../shared/transfer-settings';
import { StorageError } from '../storage/errors';

export const TRANSFER_SETTINGS_FILE = 'transfer-settings.json';

/** Each field read on its own: a hand-edited file with one bad value keeps the others. */
const storedSettings = z.object({
  version: z.literal(1),
  segmentThreshold: transferSettingsFields.segmentThreshold.catch(DEFAULT_TRANSFER_SETTINGS.segmentThreshold),
  segmentSize: transferSettingsFields.segmentSize.catch(DEFAULT_TRANSFER_SETTINGS.segmentSize),
  streams: transferSettingsFields.streams.catch(DEFAULT_TRANSFER_SETTINGS.streams),
  // Added later in version 1: a file written before it has none, and gets the default.
  filesAtOnce: transferSettingsFields.filesAtOnce.catch(DEFAULT_TRANSFER_SETTINGS.filesAtOnce),
  // Added after the limits: a file written before it gets the default.
  editLimit: transferSettingsFields.editLimit.catch(DEFAULT_TRANSFER_SETTINGS.editLimit),
  // Added later still: a file written before the bandwidth limits has none of them, and no limit applies.
  uploadLimit: transferSettingsFields.uploadLimit.catch(null),
  downloadLimit: transferSettingsFields.downloadLimit.catch(null),
  limitFrom: transferSettingsFields.limitFrom.catch(null),
  limitTo: transferSettingsFields.limitTo.catch(null),
});

export class TransferSettingsStore {
  readonly #file: string;
  /** Read once, then kept: every upload asks, and only this store writes the file (one app per data folder). */
  #current: Promise<TransferSettings> | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(dir: string) {
    this.#file = path.join(dir, TRANSFER_SETTINGS_FILE);
  }

  get(): Promise<TransferSettings> {
    this.#current ??= this.#read();
    return this.#current;
  }

  /** Saves them all (already validated by the contract); saves run one at a time, the last one wins. */
  save(settings: TransferSettings): Promise<TransferSettings> {
    const task = async () => {
      const kept = { ...settings };
      await this.#write(kept);
      this.#current = Promise.resolve(kept);
      return { ...kept };
    };
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #read(): Promise<TransferSettings> {
    try {
      const parsed = storedSettings.safeParse(JSON.parse(await fs.readFile(this.#file, 'utf8')));
      if (parsed.success) {
        const { version: _version, ...settings } = parsed.data;
        // Half a window (one time lost to a hand edit) limits always rather than at a time nobody chose.
        return windowRule(settings) ? settings : { ...settings, limitFrom: null, limitTo: null };
      }
    } catch {
      // No file yet (first launch), or not JSON: the defaults.
    }
    return { ...DEFAULT_TRANSFER_SETTINGS };
  }

  /** Through a temporary file and a rename, so a crash mid-write leaves the old settings, never half of the new. */
  async #write(settings: TransferSettings): Promise<void> {
    const dir = path.dirname(this.#file);
    const temp = path.join(dir, `.${TRANSFER_SETTINGS_FILE}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    try {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const handle = await fs.open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(`${JSON.stringify({ version: 1, ...settings }, null, 2)}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, this.#file);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw new StorageError('unexpected', `Cirrus could not save its transfer settings (${this.#file}).`, {
        cause: err,
      });
    }
  }
}
