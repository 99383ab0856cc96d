// What `npm run dist` packages: checked here because electron-builder cannot download Electron on these machines.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string;
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
  build: Record<string, unknown> & { electronFuses: Record<string, boolean>; linux: { target: string[] } };
};

describe('packaged builds', () => {
  it('flip the Electron fuses that close the side doors', () => {
    expect(pkg.build.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // ASAR integrity and only-load-from-ASAR mean nothing without an ASAR.
    expect(pkg.build.asar).toBe(true);
  });

  it('build an AppImage and a deb from the bundles main.ts expects', () => {
    expect(pkg.scripts.dist).toBe('npm run build && electron-builder --linux');
    expect(pkg.build.linux.target).toEqual(['AppImage', 'deb']);
    expect(pkg.main).toBe('dist/main/main.cjs');
    expect(pkg.build.files).toEqual(expect.arrayContaining(['dist/main/**', 'dist/preload/**', 'dist/renderer/**']));
  });

  it('run the tests on the Node that Electron embeds, pinned', () => {
    expect(pkg.devDependencies.node).toMatch(/^24\.\d+\.\d+$/);
  });
});
