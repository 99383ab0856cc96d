// The lines of a sorted record file (sorted-records.ts): `[name, value]` as JSON, one a line.

/** A record read from the old file, not yet entered. */
export interface Line<T> {
  name: string;
  value: T | undefined;
  raw: string;
  valueAt: number | undefined;
  end: number;
}

/**
 * A line's name, read off its text when it needs no unescaping (a name
 * with no quote, backslash or control character: nearly all), and where its
 * value begins: `["name",{`…`}]`. Undefined: the line is parsed whole.
 */
export function nameOffLine(line: string): { name: string; valueAt: number } | undefined {
  if (!line.startsWith('["') || !line.endsWith('}]')) return undefined;
  const close = line.indexOf('"', 2);
  if (close < 0 || !line.startsWith(',{', close + 1)) return undefined;
  const name = line.slice(2, close);
  return name.includes('\\') ? undefined : { name, valueAt: close + 2 };
}

/** A line parsed whole: `[name, value]` with a value that is an object (every value kept is one). */
export function parsedLine<T>(line: string): { name: string; value: T } | undefined {
  try {
    const parsed: unknown = JSON.parse(line);
    const [name, value] = Array.isArray(parsed) && parsed.length === 2 ? (parsed as unknown[]) : [];
    return typeof name === 'string' && typeof value === 'object' && value !== null
      ? { name, value: value as T }
      : undefined;
  } catch {
    return undefined;
  }
}
