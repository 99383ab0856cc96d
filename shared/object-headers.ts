/**
 * The object headers a person may edit beside user metadata: the ones a
 * browser acts on when it downloads the object (type, disposition, encoding,
 * caching, language). Swift takes each from an object POST (`allowed_headers`;
 * Content-Type always), so a change costs one HEAD and one POST.
 */
import { contentTypeProblems } from './validation';

export const EDITABLE_HEADERS = [
  'content-type',
  'content-disposition',
  'content-encoding',
  'cache-control',
  'content-language',
] as const;
export type EditableHeader = (typeof EDITABLE_HEADERS)[number];

/** Values as Swift holds them; a header that is not set is absent. */
export type ObjectHeaders = Partial<Record<EditableHeader, string>>;

export const HEADER_LABELS: Record<EditableHeader, string> = {
  'content-type': 'Content-Type',
  'content-disposition': 'Content-Disposition',
  'content-encoding': 'Content-Encoding',
  'cache-control': 'Cache-Control',
  'content-language': 'Content-Language',
};

/** What a browser makes of each, in a few words, shown beside the field. */
export const HEADER_HINTS: Record<EditableHeader, string> = {
  'content-type': 'the media type, e.g. text/plain; charset=utf-8',
  'content-disposition': 'attachment; filename="report.pdf" makes browsers download it',
  'content-encoding': 'gzip when the bytes are compressed and browsers should unpack them',
  'cache-control': 'max-age=3600 lets caches keep it an hour; no-store forbids keeping it',
  'content-language': 'the audience’s language, e.g. en, de-CH',
};

const MAX_HEADER_BYTES = 1024;

/**
 * What is wrong with a header value; '' means "remove it" and is fine except
 * for Content-Type, which every object has. Only printable ASCII: HTTP
 * carries other bytes unreliably, and Swift would store whatever arrived.
 */
export function headerValueProblems(header: EditableHeader, value: string): string[] {
  if (header === 'content-type') {
    if (value.trim() === '')
      return ['Every object has a Content-Type: enter one (application/octet-stream if unsure).'];
    return contentTypeProblems(value).map((p) => p.message);
  }
  if (value === '') return [];
  if (!/^[\x20-\x7e]*$/.test(value)) return [`${HEADER_LABELS[header]} may hold printable ASCII only.`];
  if (value !== value.trim()) return [`${HEADER_LABELS[header]} starts or ends with a space, which HTTP would drop.`];
  if (value.length > MAX_HEADER_BYTES)
    return [`${HEADER_LABELS[header]} is longer than ${MAX_HEADER_BYTES} characters.`];
  return [];
}
