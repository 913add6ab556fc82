/**
 * The contract's schemas that check every API answer: a chunk of its own (zod with them), loaded by
 * api-client.ts alongside the first request instead of in the first load of `/`.
 */
export { endpoints } from '#contract/endpoints';
export { errorBodySchema } from '#contract/schemas/errors';
