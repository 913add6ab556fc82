import type { SalesRange } from '#contract/schemas/report';
import { addDays } from './components/sales-range-dates';

/**
 * The dashboard cards' tags (issue 27): instead of the fixed words, the change of the last PERIOD_DAYS days
 * against the PERIOD_DAYS before, read from one report over both periods (the range part of the sales report,
 * issue 15), e.g. "+12% vs previous 30 days", "No change", "New".
 */
export const PERIOD_DAYS = 30;

export type TagTone = 'up' | 'down' | 'flat' | 'new';
export interface StatTag {
  text: string;
  tone: TagTone;
  /** The full sentence, for the tag's title and accessible name. */
  description: string;
}

/** The two periods as one range: the PERIOD_DAYS before the last PERIOD_DAYS, through today. */
export function comparedRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -(2 * PERIOD_DAYS - 1)), to: today };
}

/** Sums of a figure over the two periods of `days` (oldest first, as the report lists them). */
export function splitPeriods(
  days: SalesRange['days'],
  figure: (d: SalesRange['days'][number]) => number,
): { previous: number; current: number } {
  const cut = days.length - PERIOD_DAYS;
  let previous = 0;
  let current = 0;
  days.forEach((d, i) => {
    if (i < cut) previous += figure(d);
    else current += figure(d);
  });
  return { previous, current };
}

/** The change from `previous` to `current`, said honestly: a percentage, "No change", or "New" (nothing before). */
export function changeTag(previous: number, current: number, what: string): StatTag {
  const period = `previous ${PERIOD_DAYS} days`;
  const span = `${what} in the last ${PERIOD_DAYS} days against the ${PERIOD_DAYS} days before`;
  // Money sums in floating point: differences below a cent are no change.
  if (Math.abs(current - previous) < 0.005)
    return { text: 'No change', tone: 'flat', description: `No change: ${span}` };
  if (previous === 0) return { text: 'New', tone: 'new', description: `New: ${span} (none before)` };
  const pct = ((current - previous) / previous) * 100;
  const rounded = Math.round(Math.abs(pct));
  const size = rounded === 0 ? '<1' : rounded.toLocaleString();
  const text = `${pct > 0 ? '+' : '−'}${size}% vs ${period}`;
  return { text, tone: pct > 0 ? 'up' : 'down', description: `${text}: ${span}` };
}

/** Both cards' tags from the report over the two periods; null when that report did not come. */
export function dashboardTags(range: SalesRange | undefined): { sales: StatTag; orders: StatTag } | null {
  if (!range || range.days.length < 2 * PERIOD_DAYS) return null;
  const sales = splitPeriods(range.days, (d) => d.revenue);
  const orders = splitPeriods(range.days, (d) => d.orders);
  return {
    sales: changeTag(sales.previous, sales.current, 'Sales'),
    orders: changeTag(orders.previous, orders.current, 'Orders'),
  };
}
