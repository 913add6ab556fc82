/**
 * A read-only view of the contract's zod definitions (zod 4's `_zod.def`): what the value walker
 * (values.ts) needs to shape a value by a schema's own types and limits, without a zod-to-fast-check
 * library, so a new endpoint or field of contract/ is fuzzed with no edit here.
 */
import type fc from 'fast-check';
import type { z } from 'zod';

export type Arb = fc.Arbitrary<unknown>;
/** tidy: values a form could send (some at the limit); wild: hostile ones, wrong types and extra keys. */
export type Mood = 'tidy' | 'wild';

export interface CheckView {
  check: string;
  maximum?: number;
  minimum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
}

export interface DefView {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: readonly z.ZodType[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  checks?: ReadonlyArray<{ _zod: { def: CheckView } }>;
}

export const defOf = (s: z.ZodType): DefView => s._zod.def as unknown as DefView;

export const checkOf = (d: DefView, name: string): CheckView | undefined =>
  (d.checks ?? []).map((c) => c._zod.def).find((c) => c.check === name);
