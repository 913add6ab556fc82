import { z } from 'zod';
import { line } from '#contract/rules/text';
import { LIMITS } from '#contract/limits';

/** The third-party countries service's shapes (countriesnow-style), served by our own server. */
const place = z.string().max(LIMITS.place);
const PLACES_MAX = 5_000;

export const countryPositionsResponseSchema = z.object({
  error: z.boolean(),
  msg: z.string().max(LIMITS.notes),
  data: z.array(z.object({ name: place, iso2: z.string().max(8).optional() })).max(PLACES_MAX),
});

export const countryStatesBodySchema = z.object({
  country: line(z.string().trim().min(1).max(LIMITS.place)),
});

/** Its not-found answer also carries our `message` and `code`, so every 4xx has the one error shape. */
export const countryStatesResponseSchema = z.object({
  error: z.boolean(),
  msg: z.string().max(LIMITS.notes),
  data: z.object({
    name: place,
    iso3: z.string().max(8).optional(),
    states: z
      .array(z.object({ name: place, state_code: z.string().max(16).optional() }))
      .max(PLACES_MAX)
      .optional(),
  }),
  message: z.string().max(LIMITS.notes).optional(),
  code: z.literal('not_found').optional(),
});
