import { fromCents, toCents } from '#contract/rules/money';
import type { SalesRange } from '#contract/schemas/report';
import { money } from '#web/lib/store-config';
import { formatDay, formatDayShort, formatMonth, formatMonthShort, spanDays } from './sales-range-dates';

/**
 * The chart's bars: one per day, or one per calendar month once the range is longer than
 * MONTHLY_AFTER_DAYS (a quarter's worth of daily bars still reads on a phone; a year's does not). The
 * server always answers per day; months are summed here, in cents, so no 0.1 + 0.2 shows up.
 */
export const MONTHLY_AFTER_DAYS = 92;

export type BucketUnit = 'day' | 'month';

export interface Bucket {
  /** YYYY-MM-DD for a day, YYYY-MM for a month (also the <time> element's dateTime). */
  key: string;
  /** On the chart's axis: "23 Nov" or "Nov ’26" (four labels of it fit a phone's chart). */
  short: string;
  /** In the table and the bar's tooltip: "23 Nov 2026" or "Nov 2026". */
  label: string;
  revenue: number;
  orders: number;
}

export function bucketUnit(range: Pick<SalesRange, 'from' | 'to'>): BucketUnit {
  return spanDays(range) > MONTHLY_AFTER_DAYS ? 'month' : 'day';
}

export function toBuckets(range: Pick<SalesRange, 'from' | 'to' | 'days'>): Bucket[] {
  if (bucketUnit(range) === 'day')
    return range.days.map((d) => ({
      key: d.date,
      short: formatDayShort(d.date),
      label: formatDay(d.date),
      revenue: d.revenue,
      orders: d.orders,
    }));
  const months = new Map<string, { cents: number; orders: number }>();
  for (const d of range.days) {
    const key = d.date.slice(0, 7);
    const m = months.get(key) ?? { cents: 0, orders: 0 };
    m.cents += toCents(d.revenue);
    m.orders += d.orders;
    months.set(key, m);
  }
  return [...months].map(([key, m]) => ({
    key,
    short: formatMonthShort(key),
    label: formatMonth(key),
    revenue: fromCents(m.cents),
    orders: m.orders,
  }));
}

export function ordersText(n: number): string {
  return n === 1 ? '1 order' : `${n.toLocaleString('en-US')} orders`;
}

/**
 * What the chart shows, in a sentence (its accessible name): the unit, the dates, the total and the best
 * bar. "Revenue per day from 25 Oct 2026 to 23 Nov 2026: USD 1,234.50 from 12 orders. Highest: USD 300
 * on 3 Nov 2026."
 */
export function chartSummary(
  range: Pick<SalesRange, 'from' | 'to' | 'revenue' | 'orders'>,
  buckets: readonly Bucket[],
): string {
  const unit = bucketUnit(range);
  const head = `Revenue per ${unit} from ${formatDay(range.from)} to ${formatDay(range.to)}: ${money(range.revenue)} from ${ordersText(range.orders)}.`;
  const best = buckets.reduce<Bucket | null>((a, b) => (b.revenue > (a?.revenue ?? 0) ? b : a), null);
  if (!best) return head;
  return `${head} Highest: ${money(best.revenue)} ${unit === 'day' ? 'on' : 'in'} ${best.label}.`;
}
