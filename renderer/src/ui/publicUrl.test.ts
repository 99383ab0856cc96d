import { describe, expect, it } from 'vitest';
import { publicContainerUrl, publicObjectUrl } from './publicUrl';

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

describe('publicObjectUrl', () => {
  it('keeps the slashes of a name as path separators and encodes each part', () => {
    expect(publicObjectUrl('http://h/v1/AUTH_a', 'c', 'photos/2024/my pic?.jpg')).toBe(
      'http://h/v1/AUTH_a/c/photos/2024/my%20pic%3F.jpg',
    );
  });

  it('encodes what would otherwise end the path or start a query', () => {
    expect(publicObjectUrl('http://h/v1/AUTH_a', 'c', '#1 %done')).toBe('http://h/v1/AUTH_a/c/%231%20%25done');
  });
});
