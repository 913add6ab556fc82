import { z } from 'zod';

/** The third-party countries service's shapes (countriesnow-style), served by our own server. */
export const countryPositionsResponseSchema = z.object({
  error: z.boolean(),
  msg: z.string(),
  data: z.array(z.object({ name: z.string(), iso2: z.string().optional() })),
});

export const countryStatesBodySchema = z.object({ country: z.string().trim().min(1).max(120) });

export const countryStatesResponseSchema = z.object({
  error: z.boolean(),
  msg: z.string(),
  data: z.object({
    name: z.string(),
    iso3: z.string().optional(),
    states: z.array(z.object({ name: z.string(), state_code: z.string().optional() })).optional(),
  }),
});
