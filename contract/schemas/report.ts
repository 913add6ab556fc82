import { z } from 'zod';
import { LIMITS } from '#contract/limits';
import { idSchema } from './category';

export const BEST_SELLING_MAX = 10;

export const salesReportSchema = z.object({
  stats: z.object({ total_sales: z.number(), orders_count: z.number().int() }),
  best_selling: z
    .array(
      z.object({
        product_id: idSchema,
        product_title: z.string().max(LIMITS.title),
        total_qty: z.number().int(),
      }),
    )
    .max(BEST_SELLING_MAX),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
