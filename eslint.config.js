// Lint keeps the process boundaries: the renderer never reaches Electron or
// Node, shared/ reaches neither Electron nor the DOM, and the storage client
// stays plain Node so it can be tested without Electron.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const noElectron = {
  name: 'electron',
  message: 'Only electron/main.ts, preload.ts and the Electron glue in electron/desktop/ may import electron.',
};
// `electron/main`, `electron/renderer`, `electron/common` are the same module by another name.
const noElectronSubpath = { group: ['electron/*'], message: noElectron.message };
const noRenderer = { group: ['**/renderer/**'], message: 'The main process does not import the UI.' };
// Module paths that are test code: a testing/ or e2e/ folder, a *.test file, a test kit.
const TEST_CODE = String.raw`(^|\/)(testing|e2e)\/|\.test(\.tsx?)?$|testkit`;
const nodeBuiltinPaths = nodeBuiltins.map((name) => ({ name, message: 'This layer runs without Node.' }));
// The storage client's rooms: each is entered only through its index.ts, so what a room keeps private
// (a file split out to break a cycle, a helper of one request) can change without touching its callers.
const STORAGE_ROOMS = [
  'account',
  'archive',
  'auth',
  'containers',
  'download',
  'local',
  'metadata',
  'objects',
  'regions',
  'segments',
  'sync',
  'temp-urls',
  'upload',
  'versions',
];
// A specifier that names a file inside a room from outside it: `../objects/head`, `./storage/upload/part`.
const pastStorageDoor = {
  regex: String.raw`(^|/)(storage/|\.\./|\./)(${STORAGE_ROOMS.join('|')})/[^/]+$`,
  message: 'Enter a storage room through its door: import the folder (its index.ts), not a file inside it.',
};
// From outside electron/ (test support, the bench, build), only a path through electron/storage/ is a room.
const pastStorageDoorFromOutside = {
  ...pastStorageDoor,
  regex: String.raw`(^|/)storage/(${STORAGE_ROOMS.join('|')})/[^/]+$`,
};

// The renderer's process boundary: every renderer file keeps it, whatever its room (below) adds.
const rendererBoundary = {
  paths: [noElectron, ...nodeBuiltinPaths],
  patterns: [
    { group: ['**/electron/**'], message: 'The renderer talks to the main process only through window.cirrus.' },
  ],
};
// The renderer's rooms and their one-way doors. renderer/src/api.ts (the door to the main process), ui/
// (building blocks) and cache/ (query keys, shared reads, the cached-listing edits) are open to every room.
// A feature room (named as in shared/contract/ and electron/ipc/operations/) imports no other feature but
// the exceptions named here; account/, containers/ and objects/ are where the features' panels meet, so they
// may import any feature; browse/ (tree and grid) opens all of those; shell/ (the app, the window, the
// details pane) composes everything. Nothing imports upwards, so no two rooms can import each other.
const RENDERER_BASE = ['ui', 'cache'];
const RENDERER_FEATURES = [
  'access',
  'activity',
  'auth',
  'editing',
  'large-objects',
  'metadata',
  'profiles',
  'quotas',
  'regions',
  'segments',
  'settings',
  'sync',
  'temp-urls',
  'transfers',
  'versions',
  'website',
];
const RENDERER_SUBJECTS = ['account', 'containers', 'objects'];
const RENDERER_ROOMS = [...RENDERER_BASE, ...RENDERER_FEATURES, ...RENDERER_SUBJECTS, 'browse', 'shell'];
/** Room → the other rooms it may import (besides api.ts, ui/ and cache/), each exception with its reason. */
const RENDERER_DOORS = {
  ui: [],
  cache: [],
  ...Object.fromEntries(RENDERER_FEATURES.map((room) => [room, []])),
  // Connecting through a saved profile is a sign-in: the connections screen holds the quick sign-in form,
  // and records which profile the session came from (auth/activeProfile) for the region picker.
  profiles: ['auth'],
  // A copy between regions runs as a transfer, with the transfers panel's progress, stop and retry.
  regions: ['transfers'],
  // A sync's uploads and downloads run as ordinary transfers, in the transfers panel's queue; its exclusion
  // patterns are saved per connection profile, which auth/activeProfile names.
  sync: ['transfers', 'auth'],
  // Downloading an old version is a transfer like any download.
  versions: ['transfers'],
  // The transfers panel lists the objects being edited in place, their saves and their Stop editing.
  transfers: ['editing'],
  ...Object.fromEntries(RENDERER_SUBJECTS.map((room) => [room, RENDERER_FEATURES])),
  browse: [...RENDERER_FEATURES, ...RENDERER_SUBJECTS],
  shell: RENDERER_ROOMS,
};
/** The no-restricted-imports options for a file in `room`: the boundary, and the rooms it may not enter. */
function rendererRoomImports(room) {
  // ui/ and cache/ are the floor: open to every room, and closed to each other.
  const open = new Set([room, ...(RENDERER_BASE.includes(room) ? [] : RENDERER_BASE), ...RENDERER_DOORS[room]]);
  const closed = RENDERER_ROOMS.filter((r) => !open.has(r));
  if (closed.length === 0) return rendererBoundary;
  return {
    ...rendererBoundary,
    patterns: [
      ...rendererBoundary.patterns,
      {
        // `../transfers/x` from a sibling room, `./transfers/x` from renderer/src itself.
        regex: String.raw`^\.\.?/(${closed.join('|')})(/|$)`,
        message: `renderer/src/${room}/ may not import this room: see RENDERER_DOORS in eslint.config.js for its doors.`,
      },
    ],
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'e2e/output/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', rendererBoundary],
      'no-restricted-globals': ['error', 'require', 'process', 'Buffer', '__dirname'],
    },
  },
  // Each renderer room's doors (RENDERER_DOORS above); a later block replaces the rule's options, so each
  // repeats the process boundary.
  ...RENDERER_ROOMS.map((room) => ({
    files: [`renderer/src/${room}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', rendererRoomImports(room)] },
  })),
  {
    // The door to the main process is the bottom of the renderer: it imports no room.
    files: ['renderer/src/api.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...rendererBoundary,
          patterns: [
            ...rendererBoundary.patterns,
            {
              regex: String.raw`^\./(${RENDERER_ROOMS.join('|')})(/|$)`,
              message: 'renderer/src/api.ts is the bottom of the renderer: it imports no room.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, ...nodeBuiltinPaths, { name: 'react', message: 'shared/ is UI-free.' }],
          patterns: [
            { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ depends on nothing of the app.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'process',
        'Buffer',
        'require',
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      // A URL from the page (or from Swift) handed to the OS opener could launch anything; Cirrus opens nothing
      // but the copies it keeps for editing in place (electron/desktop/open-path.ts, below).
      'no-restricted-properties': [
        'error',
        { object: 'shell', property: 'openExternal', message: 'Cirrus never opens URLs with the OS.' },
        { object: 'shell', property: 'openPath', message: 'Cirrus never opens files with the OS.' },
      ],
    },
  },
  {
    // Editing in place opens the copy the main process wrote in its own data folder, and only there.
    files: ['electron/desktop/open-path.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'shell', property: 'openExternal', message: 'Cirrus never opens URLs with the OS.' },
      ],
    },
  },
  {
    // Everything in electron/ but the Electron glue is plain Node code.
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/desktop/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [noElectronSubpath, noRenderer, pastStorageDoor] },
      ],
    },
  },
  {
    // The Electron glue may import electron, and enters the storage rooms through their doors like the rest.
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/desktop/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noRenderer, pastStorageDoor] }] },
  },
  {
    // The storage client knows nothing of IPC, profiles or the desktop: it is the bottom layer.
    files: ['electron/storage/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            noElectronSubpath,
            noRenderer,
            pastStorageDoor,
            {
              group: ['**/ipc/**', '**/profiles/**', '**/desktop/**', '../main', '../preload'],
              message: 'electron/storage/ is the bottom layer: it imports nothing above it.',
            },
          ],
        },
      ],
    },
  },
  {
    // What people run never reaches test code: not the harness, not fakes, not test kits.
    files: ['shared/**/*.ts', 'renderer/src/**/*.{ts,tsx}', 'electron/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportDeclaration[source.value=/${TEST_CODE}/], ExportAllDeclaration[source.value=/${TEST_CODE}/], ExportNamedDeclaration[source.value=/${TEST_CODE}/]`,
          message: 'Production code may not import test or harness code (testing/, e2e/, *.test, *testkit).',
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', 'testing/**/*.ts', 'build/**/*.ts', 'renderer/vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // Test support and the bench use the storage client as its callers do: through the rooms' doors.
    files: ['e2e/**/*.ts', 'testing/**/*.ts', 'build/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [pastStorageDoorFromOutside] }] },
  },
);
