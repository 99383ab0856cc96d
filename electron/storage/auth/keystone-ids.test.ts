import { describe, expect, it } from 'vitest';
import { domainRef, looksLikeKeystoneId } from './keystone-ids';

describe('domainRef', () => {
  it('sends the built-in domain and 32-hex values as IDs, as openrc files give them', () => {
    expect(domainRef('default')).toEqual({ id: 'default' });
    expect(domainRef('8e6abc5d3f7a4ca3be4f5a6b7c8d9e0f')).toEqual({ id: '8e6abc5d3f7a4ca3be4f5a6b7c8d9e0f' });
  });

  it('sends anything else as a name, and Default when nothing is given', () => {
    expect(domainRef('Default')).toEqual({ name: 'Default' });
    expect(domainRef('engineering')).toEqual({ name: 'engineering' });
    expect(domainRef('')).toEqual({ name: 'Default' });
    expect(domainRef(undefined)).toEqual({ name: 'Default' });
  });
});

describe('looksLikeKeystoneId', () => {
  it('tells an application credential ID from its name', () => {
    expect(looksLikeKeystoneId('ac0000000000000000000000000000a1')).toBe(true);
    expect(looksLikeKeystoneId('cirrus-e2e')).toBe(false);
  });
});
