/**
 * One entry per lint zone of eslint.config.js: the rule and message piece it reports, imports it must deny and
 * nearby imports it must allow, each as [file that imports, import statement]. The importing file need not
 * exist, but every imported file must: zones and no-cycle work on resolved files.
 */
export type Snippet = [file: string, code: string];
export type ZoneCase = { zone: string; rule: string; message: string; denied: Snippet[]; allowed: Snippet[] };

const ZONE = 'import-x/no-restricted-paths';

export const ZONE_CASES: ZoneCase[] = [
  {
    zone: 'contract/ imports zod only',
    rule: ZONE,
    message: 'contract/ imports zod only',
    denied: [
      ['contract/schemas/x.ts', "import Koa from 'koa';"],
      ['contract/rules/x.ts', "import { api } from '../../web/src/lib/api-client';"],
    ],
    allowed: [
      ['contract/schemas/x.ts', "import { z } from 'zod';"],
      ['contract/schemas/x.ts', "import { LIMITS } from '../limits';"],
    ],
  },
  {
    zone: 'server/core/ imports contract/ and zod only',
    rule: ZONE,
    message: 'server/core/ imports contract/ and zod only',
    denied: [
      ['server/core/x.ts', "import { createMemoryStore } from '../store/memory-store';"],
      ['server/core/x.ts', "import { createApp } from '../http/app';"],
      ['server/core/x.ts', "import { mockBackend } from '../../mock-api/mock-store';"],
      ['server/core/x.ts', "import { api } from '../../web/src/lib/api-client';"],
      ['server/core/x.ts', "import { createMemoryStore } from '#server/store/memory-store';"],
      ['server/core/x.ts', "import { api } from '#web/lib/api-client';"],
      ['server/core/x.ts', "import type { Context } from 'koa';"],
      ['server/core/x.ts', "import { Low } from 'lowdb';"],
    ],
    allowed: [
      ['server/core/x.ts', "import { z } from 'zod';"],
      ['server/core/x.ts', "import { LIMITS } from '#contract/limits';"],
      ['server/core/x.ts', "import type { Clock } from './ports';"],
      ['server/core/x.test.ts', "import { kit } from '../test/auth-kit';"],
    ],
  },
  {
    zone: 'contract/ and server/core/ use no Node built-ins',
    rule: 'import-x/no-nodejs-modules',
    message: 'Do not import Node.js builtin module',
    denied: [
      ['contract/x.ts', "import { readFile } from 'node:fs';"],
      ['server/core/x.ts', "import { writeFile } from 'node:fs/promises';"],
      ['server/core/x.ts', "import { readFileSync } from 'fs';"],
    ],
    allowed: [['server/core/x.test.ts', "import { randomBytes } from 'node:crypto';"]],
  },
  {
    zone: 'server/core/structures/ imports nothing of the core',
    rule: ZONE,
    message: 'server/core/structures/ is generic',
    denied: [
      ['server/core/structures/x.ts', "import { DomainError } from '../api/errors';"],
      ['server/core/structures/x.ts', "import { createStockLedger } from '../stock/ledger';"],
      ['server/core/structures/x.ts', "import type { Clock } from '../ports';"],
      ['server/core/structures/x.ts', "import { createOrderBook } from '#server/core/orders/book';"],
    ],
    allowed: [
      ['server/core/structures/x.ts', "import { BoundedCache } from './bounded-cache';"],
      ['server/core/structures/x.test.ts', "import { SortedList } from './sorted-list';"],
    ],
  },
  {
    zone: 'the API kernel reaches the domains only through the handler table',
    rule: ZONE,
    message: 'The API kernel (server/core/api/) reaches the domains only',
    denied: [
      ['server/core/api/x.ts', "import { createStockLedger } from '../stock/ledger';"],
      ['server/core/api/handlers.ts', "import { createOrderBook } from '../orders/book';"],
      ['server/core/api/x.ts', "import type { Core } from '../core';"],
    ],
    allowed: [
      ['server/core/api/handlers.ts', "import type { Core } from '../core';"],
      ['server/core/api/x.ts', "import { DomainError } from './errors';"],
      ['server/core/api/x.ts', "import type { Clock } from '../ports';"],
    ],
  },
  {
    zone: 'core domains import each other one way (no cycles between rooms)',
    rule: ZONE,
    message: 'A core domain imports only the domains below it',
    denied: [
      ['server/core/stock/x.ts', "import { createProductUseCases } from '../catalog/products';"],
      ['server/core/catalog/x.ts', "import { createOrderBook } from '../orders/book';"],
      ['server/core/accounts/x.ts', "import { createActivity } from '../activity/log';"],
      ['server/core/spreadsheets/x.ts', "import { createOrderBook } from '../orders/book';"],
      ['server/core/orders/x.ts', "import { createCatalogCache } from '../catalog/cache';"],
      ['server/core/activity/x.ts', "import type { Core } from '../core';"],
      // The mail room (issue 26) builds mails from what it is handed: it reaches no domain.
      ['server/core/mail/x.ts', "import { createOrderBook } from '../orders/book';"],
      ['server/core/mail/x.ts', "import { createAuthUseCases } from '../accounts/auth';"],
    ],
    allowed: [
      ['server/core/orders/x.ts', "import { orderConfirmation } from '../mail/order-mails';"],
      ['server/core/accounts/x.ts', "import type { Mailer } from '../mail/outbox';"],
      ['server/core/mail/x.ts', "import type { StoredMail } from '../records';"],
      ['server/core/catalog/x.ts', "import { createStockLedger } from '../stock/ledger';"],
      ['server/core/spreadsheets/x.ts', "import { createCatalogIndex } from '../catalog/indexes';"],
      ['server/core/orders/x.ts', "import { DomainError } from '../api/errors';"],
      ['server/core/orders/x.ts', "import type { StoredOrder } from '../records';"],
      ['server/core/stock/x.test.ts', "import { createCore } from '../core';"],
    ],
  },
  {
    zone: 'mock-api/ never imports server/http, Koa or lowdb',
    rule: ZONE,
    message: 'mock-api/ is the core over memory',
    denied: [
      ['mock-api/x.ts', "import { createApp } from '../server/http/app';"],
      ['mock-api/x.ts', "import { createApp } from '#server/http/app';"],
      ['mock-api/x.ts', "import { openStore } from '../server/store/lowdb-store';"],
      ['mock-api/x.ts', "import { JSONFilePreset } from 'lowdb/node';"],
      ['mock-api/x.ts', "import Koa from 'koa';"],
    ],
    allowed: [
      ['mock-api/x.ts', "import { notFound } from '../server/core/api/errors';"],
      ['mock-api/x.ts', "import { createMemoryStore } from '../server/store/memory-store';"],
    ],
  },
  {
    zone: 'web/src never imports server/ or fixtures/ (tests included)',
    rule: ZONE,
    message: 'web/ reaches the server only through the contract',
    denied: [
      ['web/src/features/cart/x.ts', "import { notFound } from '../../../../server/core/api/errors';"],
      ['web/src/features/cart/x.ts', "import { notFound } from '#server/core/api/errors';"],
      ['web/src/lib/x.test.ts', "import { generate } from '#fixtures/generate';"],
      ['web/src/lib/x.test.ts', "import { generate } from '../../../fixtures/generate';"],
    ],
    allowed: [['web/src/features/cart/x.ts', "import { LIMITS } from '#contract/limits';"]],
  },
  {
    zone: 'a feature never imports another feature',
    rule: ZONE,
    message: 'A feature never imports another feature',
    denied: [
      ['web/src/features/cart/x.ts', "import { Gallery } from '../product/components/gallery';"],
      ['web/src/features/cart/x.ts', "import { Gallery } from '#web/features/product/components/gallery';"],
      [
        'web/src/features/cart/components/x.test.tsx',
        "import { Gallery } from '../../product/components/gallery';",
      ],
    ],
    allowed: [
      ['web/src/features/cart/x.ts', "import { CartTable } from './components/cart-table';"],
      ['web/src/features/cart/x.ts', "import { Button } from '#web/components/button';"],
    ],
  },
  {
    zone: 'components/ and lib/ never import features/ or app/',
    rule: ZONE,
    message: 'components/ and lib/ sit below features/ and app/',
    denied: [
      ['web/src/components/x.tsx', "import { CartTable } from '../features/cart/components/cart-table';"],
      ['web/src/components/x.tsx', "import { CartTable } from '#web/features/cart/components/cart-table';"],
      ['web/src/lib/x.ts', "import { RequireAdmin } from '../app/guards';"],
    ],
    allowed: [['web/src/components/x.tsx', "import { api } from '../lib/api-client';"]],
  },
  {
    zone: 'features/ never import app/ (their tests may)',
    rule: ZONE,
    message: 'features/ sit below app/',
    denied: [['web/src/features/cart/x.ts', "import { RequireAdmin } from '../../app/guards';"]],
    allowed: [['web/src/features/cart/x.test.tsx', "import { RequireAdmin } from '#web/app/guards';"]],
  },
  {
    zone: 'only web/src/main.tsx and tests reach mock-api/',
    rule: ZONE,
    message: 'Only web/src/main.tsx (demo mode) and tests reach mock-api/',
    denied: [
      ['web/src/lib/x.ts', "import { mockBackend } from '../../../mock-api/mock-store';"],
      ['web/src/lib/x.ts', "import { mockBackend } from '#mock-api/mock-store';"],
      ['web/src/app/x.ts', "export const start = () => import('../../../mock-api/browser');"],
      ['web/src/app/x.ts', "export const start = () => import('#mock-api/browser');"],
      ['web/src/x.ts', "export const start = () => import('../../mock-api/browser');"],
    ],
    allowed: [
      ['web/src/main.tsx', "export const start = () => import('#mock-api/browser');"],
      ['web/src/lib/x.test.ts', "import { mockBackend } from '#mock-api/mock-store';"],
      ['web/src/test/x.ts', "import { mockBackend } from '#mock-api/mock-store';"],
    ],
  },
  {
    zone: 'jotai only through web/src/lib/jotai.ts',
    rule: ZONE,
    message: 'Import jotai through web/src/lib/jotai.ts',
    denied: [
      ['web/src/features/cart/atoms.ts', "import { atom } from 'jotai';"],
      ['web/src/lib/session/x.ts', "import { atomWithLazy } from 'jotai/utils';"],
      ['web/src/lib/x.test.ts', "import { createStore } from 'jotai';"],
    ],
    allowed: [
      ['web/src/lib/jotai.ts', "import { atom } from 'jotai';"],
      ['web/src/lib/jotai.ts', "import { atomWithLazy } from 'jotai/utils';"],
      ['web/src/features/cart/atoms.ts', "import { atom } from '#web/lib/jotai';"],
    ],
  },
  {
    zone: 'production code never imports the test kits',
    rule: ZONE,
    message: 'Test kits are for tests only',
    denied: [
      ['web/src/features/cart/components/x.tsx', "import { renderApp } from '../../../test/render';"],
      ['web/src/features/cart/components/x.tsx', "import { renderApp } from '#web/test/render';"],
      ['server/http/x.ts', "import { kit } from '../test/auth-kit';"],
      ['mock-api/x.ts', "import { kit } from '../server/test/auth-kit';"],
    ],
    allowed: [
      ['web/src/features/cart/components/x.test.tsx', "import { renderApp } from '#web/test/render';"],
      ['server/http/x.test.ts', "import { kit } from '../test/auth-kit';"],
    ],
  },
  {
    zone: 'every import resolves (one that does not would slip past every zone)',
    rule: 'import-x/no-unresolved',
    message: 'Unable to resolve path',
    denied: [['web/src/features/cart/x.ts', "import { api } from '@/lib/api-client';"]],
    allowed: [['web/src/features/cart/x.ts', "import { api } from '#web/lib/api-client';"]],
  },
  {
    zone: 'leaving a module goes through an alias, never ../../',
    rule: 'no-restricted-imports',
    message: 'through its alias',
    denied: [
      ['web/src/features/cart/x.ts', "import { api } from '../../lib/api-client';"],
      ['server/http/middleware/x.ts', "import { LIMITS } from '../../../contract/limits';"],
    ],
    allowed: [
      ['web/src/features/cart/x.ts', "import { api } from '#web/lib/api-client';"],
      ['web/src/features/cart/components/x.tsx', "import { useCartDraft } from '../use-cart-draft';"],
    ],
  },
  {
    // contract/schemas/category.ts imports ../limits, so limits.ts importing it back closes a cycle.
    zone: 'no import cycles (type-only imports never make one)',
    rule: 'import-x/no-cycle',
    message: 'Dependency cycle',
    denied: [['contract/limits.ts', "import { categorySchema } from './schemas/category';"]],
    allowed: [['contract/limits.ts', "import type { Category } from './schemas/category';"]],
  },
];
