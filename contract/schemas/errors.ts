import { z } from 'zod';
import { LIMITS } from '#contract/limits';
import { importErrorSchema } from './csv';

/** The one error body every failure carries, from Koa and from MSW alike. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'idempotency_key_reused',
  /** A password-reset token that is unknown, used, expired or superseded (issue 26). */
  'invalid_token',
  'out_of_stock',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'storage_unavailable',
  'internal',
] as const;

/** A cart line an order or a status change could not take from stock. */
export const shortLineSchema = z.object({
  /** The line's index in the request's cart (the first one, when the cart repeated it). */
  line: z.number().int().nonnegative(),
  product_id: z.number().int().positive(),
  size: z.string(),
  color: z.string(),
  requested: z.number().int().nonnegative(),
  available: z.number().int().nonnegative(),
});
export type ShortLine = z.infer<typeof shortLineSchema>;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  fields: z.record(z.string(), z.string()).optional(),
  /** out_of_stock: each cart line that asks for more than is left, with what is left. */
  lines: z.array(shortLineSchema).optional(),
  /** A refused CSV import: each problem with its row and column (contract/schemas/csv.ts). */
  errors: z.array(importErrorSchema).max(LIMITS.importErrors).optional(),
  /** The request's id (X-Request-Id), the key to its server log line; the MSW mock sends none. */
  requestId: z.string().max(64).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  idempotency_key_reused: 422,
  invalid_token: 400,
  out_of_stock: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  storage_unavailable: 503,
  internal: 500,
};
