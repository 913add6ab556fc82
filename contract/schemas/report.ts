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

/** Issue 15: the report over a range of days (UTC), at most RANGE_DAYS_MAX days. */
export const RANGE_DAYS_MAX = 3_700;
export const TOP_OPTIONS_MAX = 10;
/** A day of the calendar as YYYY-MM-DD, read as UTC (the report, the activity log, the CSV export). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'Not a date',
  );

/**
 * GET /admin/sales-report: without from and to, the spec's report; with both, the range is added.
 * The same pair bounds the orders CSV export.
 */
export const salesReportQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [q.from === undefined ? 'from' : 'to'],
        message: 'Give both from and to, or neither',
      });
    if (q.from && q.to) {
      const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
      if (days > RANGE_DAYS_MAX)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `A range can span at most ${RANGE_DAYS_MAX} days`,
        });
    }
  });
export type SalesReportQuery = z.output<typeof salesReportQuerySchema>;

const count = z.number().int().nonnegative();
export const salesRangeSchema = z.object({
  from: z.string().max(LIMITS.stamp),
  to: z.string().max(LIMITS.stamp),
  /** Revenue and orders (cancelled ones never count) per day, every day of the range. */
  days: z
    .array(z.object({ date: z.string().max(LIMITS.stamp), revenue: z.number(), orders: count }))
    .max(RANGE_DAYS_MAX),
  revenue: z.number(),
  orders: count,
  average_order_value: z.number(),
  /** Orders placed in the range per status, cancelled included. */
  counts: z.record(z.string().max(LIMITS.label), count),
  top_sizes: z.array(z.object({ size: z.string().max(LIMITS.option), qty: count })).max(TOP_OPTIONS_MAX),
  top_colors: z.array(z.object({ color: z.string().max(LIMITS.option), qty: count })).max(TOP_OPTIONS_MAX),
});
export type SalesRange = z.infer<typeof salesRangeSchema>;

export const salesReportResponseSchema = salesReportSchema.extend({ range: salesRangeSchema.optional() });
export type SalesReport = z.infer<typeof salesReportResponseSchema>;
