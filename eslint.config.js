import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import boundaries of ARCHITECTURE.md, expressed as forbidden relative-path patterns per folder. */
const boundary = (files, patterns, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message })) }],
  },
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'public/mockServiceWorker.js', 'bench/data', 'bench/results', 'test-results', 'playwright-report', '.tmp', 'fixtures/generated'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  boundary(['contract/**'], ['**/server/**', '**/mock-api/**', '**/web/**', '**/fixtures/**', 'koa', 'lowdb', 'react'], 'contract/ imports zod only'),
  boundary(['server/core/**'], ['**/store/**', '**/http/**', '**/mock-api/**', '**/web/**', 'koa', '@koa/*', 'lowdb', 'lowdb/*', 'node:fs', 'node:fs/*', 'fs'], 'server/core/ imports contract/ only: no Koa, fs or lowdb'),
  boundary(['mock-api/**'], ['**/server/http/**', '**/server/store/lowdb*', '**/web/**', 'koa', 'lowdb', 'lowdb/*'], 'mock-api/ is the core over memory, not Koa or lowdb'),
  boundary(['web/src/**'], ['**/server/**', '**/fixtures/**'], 'web/ talks to the server only through the contract and the API client'),
  {
    files: ['web/src/features/**', 'web/src/components/**', 'web/src/lib/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/mock-api/**'], message: 'only main.tsx and tests reach mock-api/' },
        { group: ['**/app/**'], message: 'components, lib -> features -> app: never upwards' },
      ] }],
    },
  },
  {
    files: ['web/src/components/**', 'web/src/lib/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/features/**', '**/app/**'], message: 'components and lib sit below features' },
        { group: ['**/mock-api/**'], message: 'only main.tsx and tests reach mock-api/' },
      ] }],
    },
  },
);
