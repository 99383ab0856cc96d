/**
 * The activity log's entries and the rules both processes apply to them: which status class an entry
 * is in, whether it matches a filter, and how it reads as a line of text (the pane's Copy and the saved
 * log are the same line). An entry holds no header value but the request id, and no body: nothing in
 * it is a secret (electron/activity/ scrubs the URL before making one).
 */

export interface ActivityEntry {
  /** Its place in the log: one higher for each request, never reused (not even after Clear). */
  seq: number;
  /** When the request started, in ms since the epoch. */
  at: number;
  /** The region's name; '' for calls outside any region (the identity service), shown as '-'. */
  region: string;
  /** `host:port`, without any credentials the address carried. */
  host: string;
  method: string;
  /** Decoded from the path below the region's endpoint. */
  account?: string;
  container?: string;
  object?: string;
  /** The decoded path, for a request that is not below a region's account (identity, /info). */
  path?: string;
  /** The query, with signatures and tokens hidden. */
  query?: string;
  /** The HTTP status; absent when no answer came. */
  status?: number;
  /** Why no (whole) answer came: an error code (`network`, `timeout`, `cancelled`, `incomplete`…). */
  error?: string;
  /** Body bytes sent and received, where known. */
  sent?: number;
  received?: number;
  /** How long it took, in ms. */
  ms: number;
  /** Swift's X-Trans-Id (or X-Openstack-Request-Id), which its logs carry. */
  requestId?: string;
}

/** The most entries kept: older ones make way for new ones. */
export const ACTIVITY_CAPACITY = 10_000;

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', 'failed'] as const;
/** `failed`: no HTTP answer at all (the connection failed, timed out, or was cancelled). */
export type StatusClass = (typeof STATUS_CLASSES)[number];

export function statusClassOf(entry: Pick<ActivityEntry, 'status'>): StatusClass {
  const { status } = entry;
  if (status === undefined || status < 200 || status >= 600) return 'failed';
  return `${Math.floor(status / 100)}xx` as StatusClass;
}

export interface ActivityFilter {
  /** Matched, case-insensitively, against the entry's line of text. */
  text?: string | undefined;
  status?: StatusClass | undefined;
}

export function matchesActivity(entry: ActivityEntry, filter: ActivityFilter): boolean {
  if (filter.status && statusClassOf(entry) !== filter.status) return false;
  const text = filter.text?.trim().toLowerCase();
  return !text || activityLine(entry).toLowerCase().includes(text);
}

/** What the request was about: `container/object`, a container, the account, or the path outside one. */
export function activityTarget(entry: ActivityEntry): string {
  if (entry.path !== undefined) return entry.path;
  if (entry.container === undefined) return entry.account ? `(account ${entry.account})` : '(account)';
  return entry.object === undefined ? entry.container : `${entry.container}/${entry.object}`;
}

export const ACTIVITY_COLUMNS = [
  'time',
  'region',
  'method',
  'target',
  'status',
  'sent',
  'received',
  'ms',
  'request id',
  'host',
] as const;

/** One entry as one tab-separated line, in ACTIVITY_COLUMNS' order; a name's tabs and line breaks are escaped. */
export function activityLine(entry: ActivityEntry): string {
  const query = entry.query ? `?${entry.query}` : '';
  return [
    new Date(entry.at).toISOString(),
    entry.region || '-',
    entry.method,
    `${activityTarget(entry)}${query}`,
    [entry.status, entry.error].filter((part) => part !== undefined).join(' '),
    entry.sent ?? '',
    entry.received ?? '',
    Math.round(entry.ms),
    entry.requestId ?? '',
    entry.host,
  ]
    .map((field) => String(field).replace(/[\t\r\n\\]/g, (c) => ESCAPES[c]!))
    .join('\t');
}

const ESCAPES: Record<string, string> = { '\t': '\\t', '\r': '\\r', '\n': '\\n', '\\': '\\\\' };

/** The whole log as text: a header line, then one line per entry. */
export function activityText(entries: readonly ActivityEntry[]): string {
  return [ACTIVITY_COLUMNS.join('\t'), ...entries.map(activityLine)].join('\n') + '\n';
}
