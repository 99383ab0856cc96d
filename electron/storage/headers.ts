/**
 * Swift sends metadata values as raw UTF-8 bytes; fetch exposes header values
 * as byte strings (one char per byte), so they are re-decoded here.
 */
export function decodeHeaderValue(value: string): string {
  return Buffer.from(value, 'latin1').toString('utf8');
}

export function intHeader(headers: Headers, name: string): number {
  const value = Number(headers.get(name) ?? '0');
  return Number.isFinite(value) && value >= 0 ? value : 0;
}

/** User metadata under `prefix` (e.g. `x-account-meta-`), keys lower case as Swift returns them. */
export function metadataFromHeaders(headers: Headers, prefix: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  headers.forEach((value, name) => {
    const lower = name.toLowerCase();
    if (lower.startsWith(prefix)) metadata[lower.slice(prefix.length)] = decodeHeaderValue(value);
  });
  return metadata;
}

/** The reverse of decodeHeaderValue: UTF-8 bytes as a byte string, which fetch sends unchanged. */
export function encodeHeaderValue(value: string): string {
  return Buffer.from(value, 'utf8').toString('latin1');
}

/** Request headers that set `metadata` under `prefix` (e.g. `X-Object-Meta-`). */
export function metadataHeaders(prefix: string, metadata: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) headers[`${prefix}${key}`] = encodeHeaderValue(value);
  return headers;
}
