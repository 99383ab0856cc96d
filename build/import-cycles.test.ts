// No import cycles anywhere, type-only imports included: a cycle is two files that cannot be understood apart.
import { parseCircular, parseDependencyTree } from 'dpdm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'electron/**/*.ts',
  'renderer/src/**/*.{ts,tsx}',
  'shared/**/*.ts',
  'e2e/**/*.ts',
  'build/**/*.ts',
  'testing/**/*.ts',
];

describe('imports', () => {
  it('form no cycle, counting type-only imports', async () => {
    // transform: false keeps `import type` edges, which a cycle check that compiles first would drop.
    const tree = await parseDependencyTree(SOURCES, {
      cwd: root,
      context: root,
      transform: false,
      exclude: /node_modules|\/dist\//,
    });
    expect(Object.keys(tree).length).toBeGreaterThan(200);
    expect(parseCircular(tree).map((cycle) => cycle.join(' -> '))).toEqual([]);
  }, 60_000);
});
