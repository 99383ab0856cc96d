import { describe, expect, it } from 'vitest';
import { metadataFromHeaders } from './headers';

describe('metadataFromHeaders', () => {
  it('takes only the prefixed headers, keys in lower case, values decoded from UTF-8 bytes', () => {
    const utf8AsBytes = Buffer.from('Zürich ☁', 'utf8').toString('latin1');
    const headers = new Headers({
      'X-Account-Meta-Color': 'blue',
      'X-Account-Meta-City': utf8AsBytes,
      'X-Account-Object-Count': '3',
    });
    expect(metadataFromHeaders(headers, 'x-account-meta-')).toEqual({ color: 'blue', city: 'Zürich ☁' });
  });
});
