import { describe, expect, it } from 'vitest';
import { normalizePrefix } from './folder-prefix';

describe('normalizePrefix', () => {
  it('drops every leading and trailing "/", keeping the ones inside', () => {
    expect(normalizePrefix('//a/b//')).toBe('a/b');
    expect(normalizePrefix('a//b/')).toBe('a//b');
    expect(normalizePrefix('imported/2024/')).toBe('imported/2024');
  });

  it('makes nothing, or only slashes, the container itself', () => {
    expect(normalizePrefix(undefined)).toBe('');
    expect(normalizePrefix('')).toBe('');
    expect(normalizePrefix('///')).toBe('');
  });
});
