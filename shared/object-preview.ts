/**
 * What the details pane can show of an object inside the app: text (and
 * JSON, XML, CSV…) and images, up to a size. Anything else, or larger, says
 * so; nothing is handed to another program and the page never fetches it.
 */
export type ObjectPreview =
  | { kind: 'text'; contentType: string; bytes: number; text: string; truncated: boolean }
  | { kind: 'image'; contentType: string; bytes: number; dataUrl: string }
  | { kind: 'tooLarge'; contentType: string; bytes: number; limit: number }
  | { kind: 'unsupported'; contentType: string; bytes: number };

/** The first MiB of a text is shown (and said to be only the start); an image is shown whole up to 8 MiB. */
export const PREVIEW_TEXT_BYTES = 1024 * 1024;
export const PREVIEW_IMAGE_BYTES = 8 * 1024 * 1024;

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-yaml|yaml|x-sh|sql|csv)\b|.*\+(json|xml)\b)/i;
// Shown as <img src="data:…">: raster formats and SVG (an image element runs no script of an SVG).
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp|bmp|avif|svg\+xml|x-icon|vnd\.microsoft\.icon)\b/i;

/** How an object of `contentType` can be previewed. */
export function previewKindOf(contentType: string): 'text' | 'image' | 'unsupported' {
  if (IMAGE_TYPES.test(contentType)) return 'image';
  return TEXT_TYPES.test(contentType) ? 'text' : 'unsupported';
}
