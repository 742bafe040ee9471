import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import ownTables from './eslint-rules/own-tables.js';
import noCycleWithTypes from './eslint-rules/no-cycle-with-types.js';
import { FLOWS_FOLDER, ROOT_FOLDER, SHARED_SERVER_FILES, SHARED_SERVER_FOLDERS } from './eslint-rules/server-layout.js';

/**
 * Where each file sits in the import direction (decision 0018). Shared code (core/, app/lib, app/components,
 * server/platform) imports only shared code; a capability imports shared code and, in the browser, only
 * itself; routes and the server's composition root put capabilities together. First match wins.
 */
const elements = [
  // Tests arrange and inspect whatever they test.
  {
    type: 'test',
    mode: 'full',
    pattern: ['**/*.test.ts', '**/*.test.tsx', 'server/testing/**', 'server/processes/**'],
  },
  { type: 'core', mode: 'full', pattern: 'core/**' },
  {
    type: 'app-shared',
    mode: 'full',
    pattern: ['app/lib/**', 'app/components/**', 'app/content/**', 'app/assets/**', 'app/context.ts'],
  },
  { type: 'app-route', mode: 'full', pattern: ['app/routes/**', 'app/root.tsx', 'app/routes.ts', 'app/entry.*'] },
  { type: 'app-capability', mode: 'full', pattern: 'app/*/**', capture: ['capability'] },
  {
    type: 'server-shared',
    mode: 'full',
    // The kernel, the root's own settings and the platform's faces are what every module stands on (decision 0058).
    pattern: [...SHARED_SERVER_FOLDERS.map((folder) => `server/${folder}/**`), ...SHARED_SERVER_FILES],
  },
  // `file` names which of the root's files it is: only stand-ins.ts mounts a stand-in (decision 0060).
  {
    type: 'server-root',
    mode: 'full',
    pattern: [`server/${ROOT_FOLDER}/*.ts`, 'server/main.ts'],
    capture: ['file'],
  },
  // The flows that cross modules (decision 0061): above the modules, below the root.
  { type: 'server-flow', mode: 'full', pattern: `server/${FLOWS_FOLDER}/**` },
  // A module is its folder: its index.ts is its face to the others (decision 0024).
  { type: 'server-module', mode: 'folder', pattern: 'server/*', capture: ['module'] },
  // An offline stand-in for an outside service (PhonePe's gateway; couriers, SMS, WhatsApp to come), outside the
  // product: a folder of its own under simulators/, reached through its index.ts (decision 0060).
  { type: 'simulator', mode: 'folder', pattern: 'simulators/*', capture: ['simulator'] },
  { type: 'demo', mode: 'full', pattern: 'demo/**' },
];

const direction = [
  { from: 'core', allow: ['core'] },
  { from: 'app-shared', allow: ['core', 'app-shared'] },
  { from: 'app-capability', allow: ['core', 'app-shared', ['app-capability', { capability: '${from.capability}' }]] },
  { from: 'app-route', allow: ['core', 'app-shared', 'app-capability', 'app-route'] },
  { from: 'server-shared', allow: ['core', 'server-shared'] },
  // A module imports no other module, not even its face: it reaches them through the platform's faces its needs
  // name, and flows cross them (decision 0061).
  { from: 'server-module', allow: ['core', 'server-shared', ['server-module', { module: '${from.module}' }]] },
  { from: 'demo', allow: ['core', 'server-shared', 'server-module', 'demo'] },
  { from: 'server-flow', allow: ['core', 'server-shared', 'server-module', 'server-flow'] },
  { from: 'server-root', allow: ['core', 'server-shared', 'server-module', 'server-flow', 'server-root', 'demo'] },
  // A stand-in is mounted on a local shop by server/root/stand-ins.ts alone; no module, flow or shared code imports one, and a
  // stand-in imports only shared code (its database client) and its own files (decision 0060).
  { from: [['server-root', { file: 'stand-ins' }]], allow: ['simulator'] },
  { from: 'simulator', allow: ['core', 'server-shared'] },
  { from: 'test', allow: ['*'] },
];

export default tseslint.config(
  { ignores: ['build/', 'data/', '.cache/', '.react-router/', 'test-results/', 'playwright-report/', '.scratch/'] },
  // Nothing is only a warning: `eslint .` fails on every finding, a stale disable comment included.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // A promise nobody awaits or handles loses its error (an unhandled rejection ends a Node process), and a
    // promise where a plain value is expected (an `if`, a void callback) is always truthy or never awaited.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
    },
  },
  {
    files: [
      'app/**/*.{ts,tsx}',
      'core/**/*.ts',
      'server/**/*.ts',
      'simulators/**/*.ts',
      'demo/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
    ],
    plugins: { 'import-x': importX, boundaries, cycles: { rules: { 'no-cycle-with-types': noCycleWithTypes } } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import/resolver': { typescript: { alwaysTryTypes: true } },
      'boundaries/elements': elements,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: {
      // import-x/no-cycle skips type-only imports; this one counts them (decision 0024).
      'cycles/no-cycle-with-types': 'error',
      'boundaries/element-types': ['error', { default: 'disallow', rules: direction }],
    },
  },
  {
    files: ['server/**/*.ts', 'simulators/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'demo/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/testing/**'],
    plugins: { local: { rules: { 'own-tables': ownTables } } },
    rules: { 'local/own-tables': 'error' },
  },
  {
    // The flows and the root reach a module through its index.ts only; a schema names another module's table for a
    // foreign key with keyOf (decision 0061). Tests arrange and inspect whatever they test.
    files: ['server/**/*.ts', 'simulators/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'demo/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/testing/**', 'server/processes/**'],
    rules: {
      // The demo catalogue loads by dynamic import only, when SEED_DEMO is on (decision 0018): never in a shop's
      // code otherwise. A static import would carry it, and its artwork, into every start.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/demo/**'], message: 'Import demo/ dynamically.' }] },
      ],
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            { target: ['server-module'], disallow: ['**'] },
            { target: ['server-module'], allow: ['index.ts'] },
            { target: ['simulator'], disallow: ['**'] },
            { target: ['simulator'], allow: ['index.ts'] },
          ],
        },
      ],
    },
  },
);
