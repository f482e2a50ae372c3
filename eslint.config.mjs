// ESLint for every workspace (issue 23): typescript-eslint's recommended rules, plus the import zones that keep
// the boundaries between folders and workspaces (eslint-import-zones.mjs). `npm run lint` at the root runs it.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import { importZones } from './eslint-import-zones.mjs';

// `_`-prefixed names are the repository's way of saying "deliberately unused" (a positional parameter an
// interface requires); a rest sibling (`const { a, ...rest } = x`) drops `a` on purpose.
const unusedVars = { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true };

// (import.meta.dirname needs Node 20.11; the engines field allows 20.9.)
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/coverage/',
      // Left by running the app and its tests (embedded PostgreSQL's data, the browser journeys' artifacts).
      '.data/',
      'frontend/artifacts/',
      'contracts/artifacts/',
      'contracts/cache/',
      'contracts/typechain-types/',
      // Written by openapi-typescript from backend/openapi.json (npm run api:types), checked for currency in CI.
      'frontend/src/types/api.generated.ts',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    rules: {
      // A comment between stacked empty `case` labels (why these events share an answer) is not a fall-through.
      'no-fallthrough': ['error', { allowEmptyCase: true }],
      'no-unused-vars': ['error', unusedVars],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', unusedVars],
    },
  },
  // Tests and benchmarks read raw rows and poke at internals; typing every such probe would add noise, not safety.
  {
    files: ['**/*.spec.ts', '**/*.test.ts', '**/*.e2e.ts', '**/test/**', '**/e2e/**', '**/bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Runtimes: the browser app, and Node for everything else (servers, tests, scripts, build tools).
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['frontend/src/**', 'frontend/e2e/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The two classic hooks rules. The plugin's `recommended` set also carries the React Compiler's rules, which
  // judge code for a compiler this app does not use.
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.cjs', 'backend/jest.config.js', 'indexer/jest.config.js', 'indexer/bin/*.js', 'contracts/scripts/*.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
  // Import zones: which folder may import which. Imports are resolved through each workspace's tsconfig (its
  // `paths`: `@/` in the frontend, `@cent/backend` in the indexer), so an alias and a relative path are the same.
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads a dependency (for no-cycle) only if its extension is listed, with the parser named here.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // One tsconfig per workspace: each has its own `paths` (and the frontend its own module resolution).
          noWarnOnMultipleProjects: true,
          project: [
            'backend/tsconfig.json',
            'indexer/tsconfig.json',
            'frontend/tsconfig.json',
            'frontend/e2e/tsconfig.json',
            'contracts/tsconfig.json',
            'tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: importZones(root) }],
      // No module reaches itself through its imports (issue 23 broke event-store <-> group-commit and the task domain's).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // The zones above see resolved files only; a relative path to the backend's entry, or a deep
  // `@cent/backend/...` that the package's exports do not resolve, is caught by its spelling here.
  {
    files: ['indexer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?backend(/|$)',
              message: "The indexer reaches the backend through '@cent/backend' (or '@cent/backend/testing'), never by a relative path.",
            },
            {
              regex: '^@cent/backend/(?!testing$)',
              message: "Only '@cent/backend' and '@cent/backend/testing' are the backend's entries for the indexer.",
            },
          ],
        },
      ],
    },
  },
);
