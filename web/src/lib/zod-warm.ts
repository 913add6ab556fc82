/**
 * zod (the jitless one), evaluated in a task of its own: api-client.ts imports this before the schemas. It also
 * builds and uses one small schema of the kinds the contract uses: V8 compiles zod's constructors and checks on
 * their first use, which otherwise falls to the first schema module's task, one of the longest of the load
 * (issues 28 and 29). No exports, so the bundle keeps only the zod the schemas use.
 */
import { z } from './zod-jitless';

z.object({
  a: z.string().trim().min(1).max(9).optional(),
  b: z.number().int().nonnegative().nullable(),
  c: z.array(z.enum(['x'])).max(2),
  d: z.union([z.literal(1), z.boolean()]),
}).safeParse({ a: 'x', b: 1, c: ['x'], d: true });
