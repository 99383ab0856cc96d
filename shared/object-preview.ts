/**
 * What the details pane can show of an object inside the app: text (and
 * JSON, XML, CSV…), images and PDF, up to a size. Anything else, or larger, says
 * so; nothing is handed to another program and the page never fetches it.
 */
export type ObjectPreview =
  | { kind: 'text'; contentType: string; bytes: number; text: string; truncated: boolean }
  | { kind: 'image'; contentType: string; bytes: number; dataUrl: string }
  /** The whole PDF, base64: the page draws it with pdf.js, in the page's own thread, fetching nothing. */
  | { kind: 'pdf'; contentType: string; bytes: number; base64: string }
  | { kind: 'tooLarge'; contentType: string; bytes: number; limit: number }
  | { kind: 'unsupported'; contentType: string; bytes: number };

/** The first MiB of a text is shown (and said to be only the start); an image is shown whole up to 8 MiB, a PDF up to 16. */
export const PREVIEW_TEXT_BYTES = 1024 * 1024;
export const PREVIEW_IMAGE_BYTES = 8 * 1024 * 1024;
export const PREVIEW_PDF_BYTES = 16 * 1024 * 1024;
/** The most a preview reads of any object: the largest of the limits above. */
export const PREVIEW_MAX_BYTES = Math.max(PREVIEW_TEXT_BYTES, PREVIEW_IMAGE_BYTES, PREVIEW_PDF_BYTES);

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-yaml|yaml|x-sh|sql|csv)\b|.*\+(json|xml)\b)/i;
// Shown as <img src="data:…">: raster formats and SVG (an image element runs no script of an SVG).
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|bmp|avif|svg\+xml|x-icon|vnd\.microsoft\.icon)\b/i;

const PDF_TYPES = /^application\/(x-)?pdf\b/i;

export type PreviewKind = 'text' | 'image' | 'pdf' | 'unsupported';

/** How an object of `contentType` can be previewed. */
export function previewKindOf(contentType: string): PreviewKind {
  if (IMAGE_TYPES.test(contentType)) return 'image';
  if (PDF_TYPES.test(contentType)) return 'pdf';
  return TEXT_TYPES.test(contentType) ? 'text' : 'unsupported';
}

/** How much of an object a preview of `kind` shows whole; an object over it is "too large". */
export function wholeLimitOf(kind: 'image' | 'pdf'): number {
  return kind === 'image' ? PREVIEW_IMAGE_BYTES : PREVIEW_PDF_BYTES;
}
