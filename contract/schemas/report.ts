import { z } from 'zod';
import { idSchema } from './category';

export const salesReportSchema = z.object({
  stats: z.object({ total_sales: z.number(), orders_count: z.number().int() }),
  best_selling: z.array(
    z.object({ product_id: idSchema, product_title: z.string(), total_qty: z.number().int() }),
  ),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
