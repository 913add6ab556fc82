import { RANGE_DAYS_MAX } from '#contract/schemas/report';

/**
 * Calendar days of the dashboard's "Sales over time" (issue 15), as the server reads them: YYYY-MM-DD in
 * UTC, both ends included. Pure functions over strings, so the picker, the chart and their tests agree
 * whatever the browser's time zone.
 */
export const DAY_MS = 86_400_000;

export interface DateRange {
  from: string;
  to: string;
}

export type RangePreset = 'last7' | 'last30' | 'last12m';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Midnight UTC of a YYYY-MM-DD day, or null when the text is not a real day (2026-02-30). */
export function parseIsoDate(date: string): number | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const day = new Date(0);
  day.setUTCFullYear(y, mo, d); // unlike Date.UTC, keeps years 0-99 as they are
  // A day that does not exist (30 February) rolls over into the next month: refused.
  return day.getUTCMonth() === mo && day.getUTCDate() === d ? day.getTime() : null;
}

export function toIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Today's date in UTC (the server files an order under the UTC day it was placed). */
export function todayUtc(now: number = Date.now()): string {
  return toIsoDate(now);
}

export function addDays(date: string, n: number): string {
  const t = parseIsoDate(date);
  if (t === null) throw new RangeError(`Not a date: ${date}`);
  return toIsoDate(t + n * DAY_MS);
}

/** Days in the range, both ends counted (a single day is 1). */
export function spanDays({ from, to }: DateRange): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (a === null || b === null) return 0;
  return Math.round((b - a) / DAY_MS) + 1;
}

/**
 * The range a preset stands for, ending today (included):
 * - Last 7 days: today and the 6 days before; Last 30 days: today and the 29 before.
 * - Last 12 months: the day after the same date a year ago, through today, so a year of days (365, or
 *   366 over a 29 February) and no day twice. On 29 February the year before has no such day: the
 *   range then starts on 1 March.
 */
export function presetRange(preset: RangePreset, today: string): DateRange {
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last12m': {
      const [y, m, d] = today.split('-').map(Number) as [number, number, number];
      const lastOfMonth = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
      const yearAgo = Date.UTC(y - 1, m - 1, Math.min(d, lastOfMonth));
      return { from: toIsoDate(yearAgo + DAY_MS), to: today };
    }
  }
}

export interface RangeErrors {
  from?: string;
  to?: string;
}

export const RANGE_MESSAGES = {
  fromMissing: 'Enter the first day of the range.',
  toMissing: 'Enter the last day of the range.',
  order: 'To must be on or after From.',
  span: `A range can span at most ${RANGE_DAYS_MAX.toLocaleString('en-US')} days.`,
} as const;

/** What is wrong with a custom range, per field (the server's own rules: to >= from, at most RANGE_DAYS_MAX). */
export function validateRange({ from, to }: DateRange): RangeErrors {
  const errors: RangeErrors = {};
  if (parseIsoDate(from) === null) errors.from = RANGE_MESSAGES.fromMissing;
  if (parseIsoDate(to) === null) errors.to = RANGE_MESSAGES.toMissing;
  if (errors.from || errors.to) return errors;
  const days = spanDays({ from, to });
  if (days < 1) errors.to = RANGE_MESSAGES.order;
  else if (days > RANGE_DAYS_MAX) errors.to = RANGE_MESSAGES.span;
  return errors;
}

/** "23 Nov 2026": fixed English names (the store's language), the same in every browser. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''} ${y ?? ''}`;
}

/** "23 Nov": a day on the chart's axis. */
export function formatDayShort(date: string): string {
  const [, m, d] = date.split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? ''}`;
}

/** "Nov 2026" from YYYY-MM or YYYY-MM-DD. */
export function formatMonth(date: string): string {
  const [y, m] = date.split('-');
  return `${MONTHS[Number(m) - 1] ?? ''} ${y ?? ''}`;
}

/** "Nov ’26": a month on the chart's axis. */
export function formatMonthShort(date: string): string {
  const [y, m] = date.split('-');
  return `${MONTHS[Number(m) - 1] ?? ''} \u2019${(y ?? '').slice(-2)}`;
}
