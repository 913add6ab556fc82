import { z } from 'zod';
import { DEFAULT_SERVER_LIMITS } from './http/server-settings';
import { LOG_LEVELS } from './ops/logger';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));

/** Every environment variable the server reads, parsed once at boot. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://… : the PostgreSQL store (several instances); unset: the lowdb files in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DIST_DIR: z.string().min(1).default('./dist'),
  ADMIN_EMAIL: z
    .string()
    .trim()
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(6, 'ADMIN_PASSWORD must be at least 6 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STORE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'STORE_CURRENCY must be a 3-letter code such as USD')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: bool.transform((v) => v ?? true),
  /** `off` lifts the request budgets for load tests (`npm run bench`); every other protection stays on. */
  RATE_LIMITS: z
    .enum(['on', 'off', ''])
    .optional()
    .transform((v) => v !== 'off'),
  /** Open connections the HTTP server accepts at once; more are closed on arrival (server/http/server-settings.ts). */
  MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(DEFAULT_SERVER_LIMITS.maxConnections),
  // Behind a TLS-terminating reverse proxy: believe its X-Forwarded-Proto/-For (and so send HSTS).
  TRUST_PROXY: bool.transform((v) => v ?? false),
  /** `npm run dev` sets it: Vite in middleware mode serves the app and renders the pages from source. */
  DEV_SERVER: bool.transform((v) => v ?? false),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** `pretty`: readable lines (npm run dev, pino-pretty); otherwise one JSON object a line. */
  LOG_FORMAT: z.enum(['json', 'pretty', '']).default('json'),
  /** The metrics (and backup) port, on METRICS_HOST only; 0 or unset: none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Set: /metrics is served on the public port too, to a bearer of this token (and asked on METRICS_PORT). */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .max(256)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** /api/ready answers 503 below this much free space in DATA_DIR. */
  READY_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(64),
  /** Activity entries older than this many days are dropped (and the archive compacted); unset: kept for ever. */
  ACTIVITY_RETENTION_DAYS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(36_500).optional(),
  ),
});

export type Env = z.output<typeof envSchema>;

export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const r = envSchema.safeParse(env);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return r.data;
}
