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

  it('a walk leaves out a folder only when everything inside it would be, and checks a file by its own name and path', () => {
    const e = exclusions(['node_modules/', 'cache/**', 'build/*.log', 'x', '?', 'docs/*x']);
    expect(e.excludesFolderIn('node_modules')).toBe(true);
    expect(e.excludesFolderIn('app/node_modules')).toBe(true);
    expect(e.excludesFolderIn('cache')).toBe(true);
    expect(e.excludesFolderIn('x/cache')).toBe(false);
    // Patterns for files never leave a folder out: a folder "docs" holds more than names ending in x.
    expect(e.excludesFolderIn('build')).toBe(false);
    expect(e.excludesFolderIn('docs')).toBe(false);
    expect(e.excludesFolderIn('x')).toBe(false);
    expect(e.excludes('docs/readme.md')).toBe(false);
    expect(e.excludesFileIn('docs/readme.md', 'readme.md')).toBe(false);
    expect(e.excludesFileIn('docs/index.html', 'index.html')).toBe(false);
    expect(e.excludesFileIn('docs/index', 'index')).toBe(true); // docs/*x
    expect(e.excludesFileIn('docs/x', 'x')).toBe(true);
    expect(e.excludesFileIn('a/b/x', 'x')).toBe(true);
    expect(e.excludesFileIn('build/a.log', 'a.log')).toBe(true);
    expect(e.excludesFileIn('build/sub/a.log', 'a.log')).toBe(false);
    // Each answers as `excludes` does for a path whose folders are all kept.
    for (const path of ['docs/readme.md', 'docs/ax', 'a/b', 'build/a.log', 'build/sub/a.log', 'q/r.txt'])
      expect(e.excludesFileIn(path, path.slice(path.lastIndexOf('/') + 1)), path).toBe(e.excludes(path));
  });

  it('the field holds one pattern a line; blank lines and comments are none', () => {
    expect(patternsFromText(' *.tmp \n\n# keep\nnode_modules/\n')).toEqual(['*.tmp', '# keep', 'node_modules/']);
    expect(exclusions(['# *.txt', '']).excludes('a.txt')).toBe(false);
    expect(exclusions(['a+b(1).txt']).excludes('a+b(1).txt')).toBe(true);
  });
});
