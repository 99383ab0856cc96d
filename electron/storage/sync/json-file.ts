import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A JSON object kept in a file of the app's data folder; none yet, or unreadable: an empty one (they fill again). */
export async function readJsonObject<T extends object>(file: string): Promise<Partial<T>> {
  try {
    const parsed: unknown = JSON.parse(await fs.promises.readFile(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Partial<T>;
  } catch {
    // Not written yet, or damaged: what it kept is only saved convenience, never the person's data.
  }
  return {};
}

/** Written whole to a temporary file and renamed over the old one, so a crash leaves the old file or the new. */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.promises.writeFile(temp, JSON.stringify(value));
  await fs.promises.rename(temp, file);
}
