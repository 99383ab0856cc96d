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
  'temp-urls',
  'upload',
  'versions',
];
// A specifier that names a file inside a room from outside it: `../objects/head`, `./storage/upload/part`.
const pastStorageDoor = {
  regex: String.raw`(^|/)(storage/|\.\./|\./)(${STORAGE_ROOMS.join('|')})/[^/]+$`,
  message: 'Enter a storage room through its door: import the folder (its index.ts), not a file inside it.',
};

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
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, ...nodeBuiltinPaths],
          patterns: [
            {
              group: ['**/electron/**'],
              message: 'The renderer talks to the main process only through window.cirrus.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'require', 'process', 'Buffer', '__dirname'],
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
      // A URL from the page (or from Swift) handed to the OS opener could launch anything; Cirrus opens nothing.
      'no-restricted-properties': [
        'error',
        { object: 'shell', property: 'openExternal', message: 'Cirrus never opens URLs with the OS.' },
        { object: 'shell', property: 'openPath', message: 'Cirrus never opens files with the OS.' },
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
    rules: { 'no-restricted-imports': ['error', { patterns: [pastStorageDoor] }] },
  },
);
