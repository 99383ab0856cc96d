import { describe, expect, it } from 'vitest';
import { StorageError } from './errors';
import { containerPath, objectPath, sourceReference } from './paths';

const codeOf = (build: () => string): string => {
  try {
    return build();
  } catch (err) {
    expect(err).toBeInstanceOf(StorageError);
    return `!${(err as StorageError).code}`;
  }
};

describe('storage paths: the one place every call builds its URL path', () => {
  it('escapes everything but the "/" of object names', () => {
    expect(containerPath('my photos')).toBe('my%20photos');
    expect(objectPath('c', 'a/b c/😀.txt')).toBe('c/a/b%20c/%F0%9F%98%80.txt');
    expect(objectPath('c', 'a/../b')).toBe('c/a/../b');
    expect(sourceReference('c', 'o/x')).toBe('/c/o/x');
    expect(sourceReference('c')).toBe('/c');
  });

  it.each(['c/o', 'c/', '/c', 'c\0', 'a\uD800', '\uDC00', ''])(
    'refuses the container name %j with invalid_input, whatever the call',
    (container) => {
      expect(codeOf(() => containerPath(container))).toBe('!invalid_input');
      expect(codeOf(() => objectPath(container, 'x'))).toBe('!invalid_input');
      expect(codeOf(() => sourceReference(container, 'x'))).toBe('!invalid_input');
      expect(codeOf(() => sourceReference(container))).toBe('!invalid_input');
    },
  );

  it.each(['x\uD800', '\uDFFFx', 'a\0b', ''])('refuses the object name %j with invalid_input', (name) => {
    expect(codeOf(() => objectPath('c', name))).toBe('!invalid_input');
    expect(codeOf(() => sourceReference('c', name))).toBe('!invalid_input');
  });

  it('says why, naming the rule', () => {
    expect(() => objectPath('c/o', 'x')).toThrow('A container name cannot contain "/".');
    expect(() => objectPath('c', 'x\uD800')).toThrow('The object name is not valid Unicode.');
  });
});
