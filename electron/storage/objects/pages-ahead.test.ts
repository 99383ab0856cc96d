import { describe, expect, it } from 'vitest';
import { lastNameOf } from './pages-ahead';

const row = (name: string) => ({
  hash: 'd41d8cd98f00b204e9800998ecf8427e',
  last_modified: '2026-11-29T12:00:00.000000',
  bytes: 0,
  name,
  content_type: 'text/plain',
});

/** A body as Swift's proxy writes it: Python's json.dumps, ", " and ": " between parts, non-ASCII escaped. */
const pyString = (text: string) =>
  JSON.stringify(text).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const pyRow = (r: object) =>
  `{${Object.entries(r)
    .map(([k, v]) => `${pyString(k)}: ${typeof v === 'string' ? pyString(v) : String(v)}`)
    .join(', ')}}`;
const swiftBody = (rows: object[]) => `[${rows.map(pyRow).join(', ')}]`;

// Names a person may give an object that look like JSON, or like the end of a row.
const TRICKY = [
  'plain.txt',
  'a{b',
  'b"}',
  'c}{"name":"x"}',
  'd\\',
  'e ü {',
  '{"name": "evil"}',
  'f/{"subdir":"z"}',
  '}',
  '{',
  'ends with a brace {}',
  '名前 {"name":"日本"}',
  `${'x'.repeat(1000)}{`,
];

describe('lastNameOf', () => {
  it.each(TRICKY)('reads the last row of a page ending in %j, however it is written', (name) => {
    const rows = [row('first'), row('second {'), row(name)];
    expect(lastNameOf(JSON.stringify(rows))).toBe(name);
    expect(lastNameOf(swiftBody(rows))).toBe(name);
  });

  it('reads a pseudo-folder that ends a page listed with a delimiter', () => {
    expect(lastNameOf(swiftBody([row('a'), { subdir: 'photos {2026}/' }]))).toBe('photos {2026}/');
  });

  it('reads nothing from an empty page or a body that is not a listing', () => {
    expect(lastNameOf('[]')).toBeUndefined();
    expect(lastNameOf('')).toBeUndefined();
    expect(lastNameOf('<html>502 Bad Gateway</html>')).toBeUndefined();
    expect(lastNameOf('[{"name": "cut off')).toBeUndefined();
    expect(lastNameOf('[{"bytes": 1}]')).toBeUndefined();
  });
});
