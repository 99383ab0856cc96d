import { describe, expect, it } from 'vitest';
import { DEFAULT_EXCLUDES } from './sync';
import { exclusions, patternsFromText } from './sync-exclude';

describe('sync exclusion patterns', () => {
  const defaults = exclusions(DEFAULT_EXCLUDES);

  it('the defaults leave out temporary files, node_modules anywhere and .DS_Store, nothing else', () => {
    expect(defaults.excludes('draft.tmp')).toBe(true);
    expect(defaults.excludes('a/b/draft.tmp')).toBe(true);
    expect(defaults.excludes('node_modules/x/index.js')).toBe(true);
    expect(defaults.excludes('app/node_modules/x.js')).toBe(true);
    expect(defaults.excludes('photos/.DS_Store')).toBe(true);
    expect(defaults.excludes('draft.tmp.txt')).toBe(false);
    expect(defaults.excludes('node_modules')).toBe(false); // a file of that name is no folder
    expect(defaults.excludes('notes/readme.md')).toBe(false);
  });

  it('a pattern with a slash matches the whole path; ** crosses folders, * does not', () => {
    const e = exclusions(['build/*.log', 'cache/**']);
    expect(e.excludes('build/a.log')).toBe(true);
    expect(e.excludes('build/sub/a.log')).toBe(false);
    expect(e.excludes('cache/a/b/c')).toBe(true);
    expect(e.excludes('x/cache/a')).toBe(false);
  });

  it('the field holds one pattern a line; blank lines and comments are none', () => {
    expect(patternsFromText(' *.tmp \n\n# keep\nnode_modules/\n')).toEqual(['*.tmp', '# keep', 'node_modules/']);
    expect(exclusions(['# *.txt', '']).excludes('a.txt')).toBe(false);
    expect(exclusions(['a+b(1).txt']).excludes('a+b(1).txt')).toBe(true);
  });
});
