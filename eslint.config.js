import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/*
 * Import boundaries of ARCHITECTURE.md ("Lint zones" in the README; proved by lint/zones.test.ts).
 *
 * Every zone lives in the ONE import-x/no-restricted-paths config below, because zones add up while rule options
 * do not: in flat config a later block that sets the same rule for the same file replaces the earlier block's
 * options (that is how per-folder no-restricted-imports bans once dropped the web/ -> server/ ban). So add a zone
 * here, and never set import-x/no-restricted-paths or import-x/no-nodejs-modules in a second block.
 *
 * Zones compare resolved files, so a package ban is a folder under node_modules/ (no bare-name
 * no-restricted-imports needed), and an import that does not resolve would slip through: no-unresolved closes
 * that gap. A zone that must spare tests says so in its target globs (a zone has no `ignores`): `!(*.test)`
 * skips test files, `!(test)` a test-kit folder.
 */
const CODE = '{ts,tsx,js,mjs}';
/** Test code: may import the test kits and mock-api/. Everything else is production code. */
const TESTS = ['**/*.test.{ts,tsx}', 'web/src/test/**', 'server/test/**', 'tests/contract/**', 'e2e/**'];
/** The browser's own dialogs, banned in the app and the mock API (issue 27). */
const NATIVE_DIALOGS = ['alert', 'confirm', 'prompt'];
const NATIVE_DIALOG =
  'No native dialogs (issue 27): show a Notice or Toast (#web/components/notice, toast) or a ConfirmDialog.';
/** The non-test source files under a folder with no test-kit folder of its own. */
const productionIn = (dir) => `${dir}/**/!(*.test).${CODE}`;
const WEB_PRODUCTION_FOLDERS = 'web/src/!(test)/**/!(*.test).{ts,tsx}';
const PRODUCTION = [
  ...['contract', 'mock-api', 'fixtures', 'scripts', 'bench'].map(productionIn),
  `server/!(test)/**/!(*.test).${CODE}`,
  `server/!(*.test).${CODE}`,
  WEB_PRODUCTION_FOLDERS,
  'web/src/!(*.test).{ts,tsx}',
];
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The core's domain folders and which other domains each may import: a one-way order (no cycles between rooms).
 * Every domain may also use the API kernel's leaf modules (errors, replies), the structures, ports and records.
 */
const CORE_DOMAIN_USES = {
  mail: [],
  accounts: ['mail'],
  activity: [],
  stock: ['mail'],
  catalog: ['activity', 'stock'],
  orders: ['accounts', 'activity', 'stock', 'mail'],
  spreadsheets: ['activity', 'catalog', 'stock'],
};
const CORE_DOMAINS = Object.keys(CORE_DOMAIN_USES);

const ZONES = [
  // contract/ and server/core/: only each other (core -> contract) and zod. Node built-ins: no-nodejs-modules below.
  {
    target: productionIn('contract'),
    from: '.',
    except: ['./contract', './node_modules/zod'],
    message: 'contract/ imports zod only.',
  },
  {
    target: productionIn('server/core'),
    from: '.',
    except: ['./server/core', './contract', './node_modules/zod'],
    message:
      'server/core/ imports contract/ and zod only: no Koa, lowdb, fs, store/, http/, mock-api/ or web/.',
  },
  // server/core/ in rooms (README, "The core's rooms"): the generic structures import nothing of the core, the API kernel
  // reaches the domains only through the handler table's Core, and the domains import each other one way only.
  {
    target: productionIn('server/core/structures'),
    from: 'server/core',
    except: ['./structures'],
    message: 'server/core/structures/ is generic: it imports no domain, kernel or port of the core.',
  },
  {
    target: productionIn('server/core/api'),
    from: CORE_DOMAINS.map((domain) => `server/core/${domain}`),
    message:
      'The API kernel (server/core/api/) reaches the domains only through the handler table (core.ts).',
  },
  {
    target: `server/core/api/!(handlers|handle).${CODE}`,
    from: 'server/core/core.ts',
    message:
      'The API kernel (server/core/api/) reaches the domains only through the handler table (core.ts).',
  },
  ...Object.entries(CORE_DOMAIN_USES).map(([domain, uses]) => ({
    target: productionIn(`server/core/${domain}`),
    from: 'server/core',
    except: [
      `./${domain}`,
      ...uses.map((used) => `./${used}`),
      './api',
      './structures',
      './ports.ts',
      './records.ts',
    ],
    message: `A core domain imports only the domains below it: ${domain}/ may use ${uses.join(', ') || 'none'}.`,
  })),
  {
    target: 'mock-api',
    from: [
      'server/http/**',
      'server/store/lowdb-*',
      'node_modules/lowdb/**',
      'node_modules/koa/**',
      'node_modules/@koa/**',
    ],
    message: 'mock-api/ is the core over memory: no server/http, Koa or lowdb.',
  },
  // web/src
  {
    target: 'web/src',
    from: ['server', 'fixtures'],
    message: 'web/ reaches the server only through the contract and lib/api-client.ts.',
  },
  ...FEATURES.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: share through lib/ or components/, compose in app/.',
  })),
  {
    target: ['web/src/components', 'web/src/lib'],
    from: ['web/src/features', 'web/src/app'],
    message: 'components/ and lib/ sit below features/ and app/.',
  },
  {
    target: productionIn('web/src/features'),
    from: 'web/src/app',
    message: 'features/ sit below app/ (tests may render app/ guards).',
  },
  {
    target: [WEB_PRODUCTION_FOLDERS, 'web/src/!(main|*.test).{ts,tsx}'],
    from: 'mock-api',
    message: 'Only web/src/main.tsx (demo mode) and tests reach mock-api/.',
  },
  {
    target: ['web/src/!(lib)/**', `web/src/*.${CODE}`, `web/src/lib/!(jotai).${CODE}`, 'web/src/lib/*/**'],
    from: 'node_modules/jotai',
    message: 'Import jotai through web/src/lib/jotai.ts, the one store wrapper.',
  },
  // everywhere
  {
    target: PRODUCTION,
    from: ['server/test', 'web/src/test'],
    message: 'Test kits are for tests only.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-demo',
      'data',
      'coverage',
      'public/mockServiceWorker.js',
      'bench/data',
      'bench/results',
      'test-results',
      'playwright-report',
      '.tmp',
      'fixtures/generated',
    ],
  },
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
  {
    plugins: { 'import-x': importX },
    settings: {
      // Extensionless imports of .ts/.tsx files (moduleResolution "Bundler"), relative or through the #aliases of
      // tsconfig.json's "paths"; packages from node_modules.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          tsconfig: { configFile: new URL('./tsconfig.json', import.meta.url).pathname },
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: ZONES }],
      'import-x/no-unresolved': 'error',
    },
  },
  {
    // Inside a module, imports are relative; leaving it goes through tsconfig.json's aliases, never ../../ chains.
    // The only no-restricted-imports setting: keep it that way (a second block would replace these patterns).
    files: [`**/*.${CODE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}',
              message:
                'Import from another module through its alias (#contract/, #server/, #mock-api/, #fixtures/, #web/).',
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 27: messages and confirmations are the page's own (components/notice, toast, confirm-dialog), never the
    // browser's alert, confirm or prompt, which block the page, cannot be styled and fail at 375 px and in tests.
    files: [`{web/src,mock-api}/**/*.${CODE}`],
    rules: {
      'no-restricted-globals': ['error', ...NATIVE_DIALOGS.map((name) => ({ name, message: NATIVE_DIALOG }))],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          NATIVE_DIALOGS.map((property) => ({ object, property, message: NATIVE_DIALOG })),
        ),
      ],
    },
  },
  {
    files: ['contract/**', 'server/core/**'],
    ignores: TESTS,
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    // Cycles among our own production modules. Tests and kits are skipped (no production module imports them, so
    // they cannot close a production cycle) and packages are not followed (ignoreExternal): less to parse twice.
    files: [`{contract,server,mock-api,fixtures,web/src}/**/*.${CODE}`],
    ignores: TESTS,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
