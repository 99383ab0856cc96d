import { describe, expect, it } from 'vitest';
import { publicContainerUrl } from './publicUrl';

describe('publicContainerUrl', () => {
  it('is the endpoint, the container and a slash', () => {
    expect(publicContainerUrl('http://127.0.0.1:18081/v1/AUTH_meta', 'photos')).toBe(
      'http://127.0.0.1:18081/v1/AUTH_meta/photos/',
    );
  });

  it('encodes the name and copes with a trailing slash on the endpoint', () => {
    expect(publicContainerUrl('https://swift.example/v1/AUTH_a/', 'my box #1?')).toBe(
      'https://swift.example/v1/AUTH_a/my%20box%20%231%3F/',
    );
  });
});
