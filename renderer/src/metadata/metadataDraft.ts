/**
 * The metadata editor's model, free of React: the rows the person edits, what
 * saving them would change, whether that is allowed by the region's limits,
 * and the one change that saves it.
 *
 * A change is always worked out against the snapshot the person started
 * editing from, never against a newer answer: a key someone else changed in
 * the meantime and the person did not touch is then left alone.
 */
import type { Metadata } from '../../../shared/domain';
import type { ServiceLimits } from '../../../shared/limits';
import { applyChange, type MetadataChange } from '../../../shared/metadata-change';
import { metadataEntryProblems, metadataProblems } from '../../../shared/validation';

export interface MetadataRow {
  /** Stable across edits, so React keeps focus in the input being typed into. */
  id: string;
  key: string;
  value: string;
  /** The key Swift holds for this row; undefined for a row the person added. */
  origin: string | undefined;
}

export interface MetadataDiff {
  /** Keys (lower case, as Swift keeps them) that are new, with their values. */
  add: Metadata;
  /** Keys that exist and get a new value. */
  change: Metadata;
  /** Keys that go away. */
  remove: string[];
}

const sortedEntries = (metadata: Metadata) => Object.entries(metadata).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** The rows for a metadata set as Swift returned it, sorted by key. */
export function rowsFrom(metadata: Metadata): MetadataRow[] {
  return sortedEntries(metadata).map(([key, value]) => ({ id: `m:${key}`, key, value, origin: key }));
}

/** A row the person added and has not typed into yet; it neither counts nor complains. */
export const isBlank = (row: MetadataRow): boolean => row.key === '' && row.value === '';

/** Swift ignores the case of metadata keys and returns them in lower case. */
const normalKey = (key: string): string => key.toLowerCase();

/** The metadata set the rows describe, keyed as Swift would keep it. */
export function rowsToMetadata(rows: MetadataRow[]): Metadata {
  const metadata: Metadata = {};
  for (const row of rows) if (!isBlank(row)) metadata[normalKey(row.key)] = row.value;
  return metadata;
}

/** What saving `rows` would change in `base` (the set the person started editing from). */
export function diffRows(base: Metadata, rows: MetadataRow[]): MetadataDiff {
  const next = rowsToMetadata(rows);
  const add: Metadata = {};
  const change: Metadata = {};
  for (const [key, value] of Object.entries(next)) {
    const before = base[key];
    if (before === undefined) add[key] = value;
    else if (before !== value) change[key] = value;
  }
  const remove = Object.keys(base)
    .filter((key) => !(key in next))
    .sort();
  return { add, change, remove };
}

export const isEmptyDiff = (diff: MetadataDiff): boolean =>
  Object.keys(diff.add).length === 0 && Object.keys(diff.change).length === 0 && diff.remove.length === 0;

/** The one request that saves `diff`: the keys to set (new and changed) and the keys to remove. */
export function changeOf(diff: MetadataDiff): MetadataChange {
  const set = { ...diff.add, ...diff.change };
  return {
    ...(Object.keys(set).length > 0 ? { set } : {}),
    ...(diff.remove.length > 0 ? { remove: diff.remove } : {}),
  };
}

/** `current` with the diff applied: the set as it will stand after saving (the main process's own rule). */
export const applyDiff = (current: Metadata, diff: MetadataDiff): Metadata => applyChange(current, changeOf(diff));

const SUMMARY_VALUE_CHARS = 40;

/** A value short enough for a summary line; the table beside it shows it whole. */
function preview(value: string): string {
  const chars = Array.from(value); // by code point, so no character is cut in half
  return chars.length > SUMMARY_VALUE_CHARS ? `${chars.slice(0, SUMMARY_VALUE_CHARS - 1).join('')}…` : value;
}

/** One line per change, for the summary shown before saving. */
export function summarize(base: Metadata, diff: MetadataDiff): string[] {
  return [
    ...sortedEntries(diff.add).map(([key, value]) => `Add ${key} = ${preview(value)}`),
    ...sortedEntries(diff.change).map(
      ([key, value]) => `Change ${key} from ${preview(base[key] ?? '')} to ${preview(value)}`,
    ),
    ...diff.remove.map((key) => `Remove ${key}`),
  ];
}

/**
 * The reasons each row cannot be saved, by row id (rows without problems are
 * absent). Rows are checked as typed, each on its own, plus the two things
 * only the table as a whole shows: a key used twice, and an empty value.
 */
export function rowProblems(rows: MetadataRow[], limits: ServiceLimits): Map<string, string[]> {
  const problems = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const row of rows) {
    if (isBlank(row)) continue;
    const messages = metadataEntryProblems(row.key, row.value, limits).map((p) => p.message);
    if (row.key !== '' && row.value === '') {
      // Swift takes an empty value as "remove this key", so saving it would silently drop the key.
      messages.push(`Enter a value for "${row.key}" (or remove the row).`);
    }
    const key = normalKey(row.key);
    if (row.key !== '' && seen.has(key)) {
      messages.push(`Another row already has the key "${key}"; Swift ignores case.`);
    }
    seen.add(key);
    if (messages.length > 0) problems.set(row.id, messages);
  }
  return problems;
}

/** Problems of the whole set as it will stand (how many keys, how many bytes), not of any one row. */
export function setProblems(after: Metadata, limits: ServiceLimits): string[] {
  return metadataProblems(after, limits)
    .filter((p) => p.field === '')
    .map((p) => p.message);
}

let added = 0;
/** A new, empty row with an id no other row has. */
export function newRow(): MetadataRow {
  added += 1;
  return { id: `n:${added}`, key: '', value: '', origin: undefined };
}
