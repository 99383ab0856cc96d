import { describe, expect, it } from 'vitest';
import { buildTempUrl, signedAccountPath, tempUrlSignature } from './temp-url';
import { maskKey, withoutTempUrlKeys } from './keys';

// Swift's own documentation example (tempurl.py): key "mykey", GET until 1512508563.
const DOC = { method: 'GET', expiresAt: 1512508563, path: '/v1/AUTH_account/container/object', key: 'mykey' } as const;

describe('temporary URL signatures', () => {
  it('SHA-256 as hex: the signature in Swift’s documentation', () => {
    expect(tempUrlSignature({ ...DOC, digest: 'sha256' })).toBe(
      '732fcac368abb10c78a4cbe95c3fab7f311584532bf779abd5074e13cbe8b88b',
    );
  });

  it('SHA-512 as "sha512:" and URL-safe base64 without padding (as Python’s hmac computes it)', () => {
    expect(tempUrlSignature({ ...DOC, digest: 'sha512' })).toBe(
      'sha512:FV_kcQtXVbzr3sQV-sX-SCAxMVs_noJegKuf_sPXxpNrTP349WJcgxmr0xnfnZXtcXV0dv5dPI9pw15cOGQL_w',
    );
  });

  it('an IP range comes first, and keys and paths are UTF-8', () => {
    const sig = tempUrlSignature({
      method: 'PUT',
      expiresAt: 1648082711,
      path: 'prefix:/v1/AUTH_account/container/pré/',
      ipRange: '1.2.3.0/24',
      digest: 'sha256',
      key: 'clé',
    });
    expect(sig).toBe('1b9beb32d2f9f2055eb569e03f4922265d927bc5c6b7394e5f7b3a95fc8ff2f8');
  });

  it('signs the path from /v1 on, names as text; the URL carries them %-encoded', () => {
    expect(signedAccountPath('https://swift.example.com/v1/AUTH_a%C3%BC')).toBe('/v1/AUTH_aü');
    expect(signedAccountPath('https://example.com/object-store/v1/AUTH_x/')).toBe('/v1/AUTH_x');
    const request = { container: 'c d', method: 'GET', expiresAt: 2_000_000_000, digest: 'sha256' } as const;
    const object = buildTempUrl(
      'http://127.0.0.1:18081/v1/AUTH_x',
      { ...request, keyScope: 'container', target: { kind: 'object', name: 'docs/ü 1.txt' } },
      'k',
    );
    const sig = tempUrlSignature({ ...request, path: '/v1/AUTH_x/c d/docs/ü 1.txt', key: 'k' });
    expect(object).toBe(
      `http://127.0.0.1:18081/v1/AUTH_x/c%20d/docs/%C3%BC%201.txt?temp_url_sig=${sig}&temp_url_expires=2000000000`,
    );
    const prefix = buildTempUrl(
      'http://127.0.0.1:18081/v1/AUTH_x',
      { ...request, keyScope: 'account', target: { kind: 'prefix', prefix: 'docs/' }, ipRange: '127.0.0.0/8' },
      'k',
    );
    expect(prefix).toMatch(
      /^http:\/\/127\.0\.0\.1:18081\/v1\/AUTH_x\/c%20d\/docs\/\?temp_url_sig=[0-9a-f]{64}&temp_url_expires=2000000000&temp_url_prefix=docs%2F&temp_url_ip_range=127\.0\.0\.0%2F8$/,
    );
  });
});

describe('temporary URL keys as the page sees them', () => {
  it('masked: dots, and the last four characters only of a long key', () => {
    expect(maskKey('0123456789abcdef0123456789abcdef')).toBe('••••••••cdef');
    expect(maskKey('short-key')).toBe('••••••••');
  });

  it('kept out of the metadata, whatever their case', () => {
    expect(withoutTempUrlKeys({ team: 'docs', 'temp-url-key': 'a', 'Temp-URL-Key-2': 'b' })).toEqual({ team: 'docs' });
  });
});
