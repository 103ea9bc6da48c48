// Flat config. Syntax-only TypeScript rules (no type information) keep `npm run lint` fast;
// `npm run typecheck` does the type checking.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts'];

const REACT_PACKAGES = ['react', 'react/*', 'react-dom', 'react-dom/*', '@xstate/react', 'react-i18next', 'formik'];

// The direction of imports between folders (docs: ARCHITECTURE "Layers and the one direction of imports").
const zones = [
  {
    target: './contract',
    from: '.',
    except: ['./contract', './node_modules'],
    message: 'contract/ is pure TypeScript: it imports only itself, yup and the phone and card rule libraries.',
  },
  {
    target: './machines',
    from: ['./src', './server', './stories'],
    message: 'machines/ import contract/ and xstate only.',
  },
  {
    target: './server',
    from: ['./src', './machines', './stories'],
    message: 'server/ imports contract/ (and fixtures/), never the app.',
  },
  {
    target: './src',
    from: './server',
    message: 'src/ talks to the server over HTTP (src/api/), never by import.',
  },
  {
    target: './src/components',
    from: './src/screens',
    message: 'Components are the building blocks of screens, not the other way round.',
  },
];

// The repositories' methods that write (server/repo/*): a route calls none of them, nor opens a
// transaction; every write is a domain use case (docs/decisions/0022). A new repository method that
// writes starts with one of these verbs.
const REPO_WRITES =
  'insert|update|upsert|delete|save|set|create|remove|replace|add|clear|purge|mark|credit|debit|cancel|close|' +
  'assign|make|link|rotate|schedule|take|touch|hit|finish|ensure|getOrCreate|lock|signIn|again|step|continue';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-ssr/',
      'storybook-static/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'data/',
      'coverage/',
      '.storybook/public/',
    ],
  },
  {
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    plugins: {
      'import-x': importX,
    },
    settings: {
      'import-x/extensions': [...TS_EXTENSIONS, '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': TS_EXTENSIONS },
      // Relative imports carry their .ts extension (Node type stripping), so plain node resolution finds them.
      'import-x/resolver-next': [createNodeResolver({ extensions: [...TS_EXTENSIONS, '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The §5 rules of phones and cards come from two kept libraries (docs/decisions/0038).
              regex: '^(?!yup$|yup/|libphonenumber-js/core$|card-validator$|\\.{1,2}/)',
              message: 'contract/ imports only yup, libphonenumber-js/core, card-validator and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: REACT_PACKAGES, message: 'machines/ know nothing of React: render snapshots in src/.' },
            {
              group: ['ky', 'ky/*'],
              message: 'machines/ do not fetch: invoke an actor provided from src/api/actors.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code.
    files: ['src/**', 'stories/**', '.storybook/**', 'tests/ui/**'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: {
      globals: { ...globals.browser },
    },
  },
  {
    // Node code.
    files: ['server/**', 'scripts/**', 'tests/**', '*.config.{ts,js}', '.storybook/main.ts'],
    languageOptions: {
      globals: { ...globals.node },
    },
  },
  {
    // The server's data layer is async: a promise left unawaited, or tested as a condition, is a lost
    // write or a wrong answer. These rules need type information, so they run on the server only.
    files: ['server/**/*.ts', 'tests/server/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Routes translate HTTP (architecture: server layers): no SQL and no database handle; the data
    // they need comes through the domain and the repositories in their Deps.
    files: ['server/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'kysely', message: 'Routes hold no SQL: call a domain function.' },
            { name: 'pg', message: 'Routes hold no SQL: call a domain function.' },
            { name: 'node:sqlite', message: 'Routes hold no SQL: call a domain function.' },
          ],
          patterns: [{ regex: '/db\\.ts$', message: 'Routes never touch the database: call a domain function.' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        // repos.vault.insert(...), deps.repos.vault.insert(...), store.repos.vault.insert(...)
        {
          selector: `CallExpression[callee.property.name=/^(${REPO_WRITES})/]:matches([callee.object.object.name='repos'], [callee.object.object.property.name='repos'])`,
          message: 'Routes do not write through a repository: call a domain use case (server/domain/).',
        },
        // A repository taken out of repos (const { vault } = repos; const v = repos.vault) would hide its writes.
        {
          selector:
            "VariableDeclarator:matches([init.name='repos'][id.type='ObjectPattern'], [init.object.name='repos'])",
          message: 'Reach a repository as repos.<name>.<read>(...): its writes belong to a domain use case.',
        },
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'A transaction is a domain use case (server/domain/): routes open none.',
        },
      ],
    },
  },
);
