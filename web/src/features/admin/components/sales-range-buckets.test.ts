import { describe, expect, it } from 'vitest';
import { bucketUnit, chartSummary, MONTHLY_AFTER_DAYS, ordersText, toBuckets } from './sales-range-buckets';
import { addDays } from './sales-range-dates';
import { axisLabels, compactNumber, niceTicks } from './sales-range-scale';

function days(from: string, n: number, fill: (i: number) => { revenue: number; orders: number }) {
  return Array.from({ length: n }, (_, i) => ({ date: addDays(from, i), ...fill(i) }));
}

describe('sales chart buckets', () => {
  it('keeps days up to 92 days, then sums per calendar month', () => {
    const from = '2026-01-01';
    expect(bucketUnit({ from, to: addDays(from, MONTHLY_AFTER_DAYS - 1) })).toBe('day');
    expect(bucketUnit({ from, to: addDays(from, MONTHLY_AFTER_DAYS) })).toBe('month');
  });

  it('gives one bar per day with its labels', () => {
    const range = {
      from: '2026-02-27',
      to: '2026-03-01',
      days: days('2026-02-27', 3, (i) => ({ revenue: i, orders: i })),
    };
    expect(toBuckets(range)).toEqual([
      { key: '2026-02-27', short: '27 Feb', label: '27 Feb 2026', revenue: 0, orders: 0 },
      { key: '2026-02-28', short: '28 Feb', label: '28 Feb 2026', revenue: 1, orders: 1 },
      { key: '2026-03-01', short: '1 Mar', label: '1 Mar 2026', revenue: 2, orders: 2 },
    ]);
  });

  it('sums months in cents (no 0.1 + 0.2 drift), partial months at both ends included', () => {
    const from = '2025-11-24';
    const list = days(from, 365, () => ({ revenue: 0.1, orders: 1 }));
    const buckets = toBuckets({ from, to: list[list.length - 1]!.date, days: list });
    expect(buckets.map((b) => b.key)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(buckets[0]).toEqual({
      key: '2025-11',
      short: 'Nov ’25',
      label: 'Nov 2025',
      revenue: 0.7,
      orders: 7,
    });
    expect(buckets[1]!.revenue).toBe(3.1);
    expect(buckets[12]).toMatchObject({ revenue: 2.3, orders: 23 });
  });

  it('summarises the chart in a sentence: unit, dates, total and the best bar', () => {
    const range = {
      from: '2026-02-01',
      to: '2026-02-03',
      revenue: 80.5,
      orders: 3,
      days: [
        { date: '2026-02-01', revenue: 20, orders: 1 },
        { date: '2026-02-02', revenue: 60.5, orders: 2 },
        { date: '2026-02-03', revenue: 0, orders: 0 },
      ],
    };
    expect(chartSummary(range, toBuckets(range))).toBe(
      'Revenue per day from 1 Feb 2026 to 3 Feb 2026: USD 80.50 from 3 orders. Highest: USD 60.50 on 2 Feb 2026.',
    );
    expect(chartSummary({ ...range, revenue: 0, orders: 0 }, [])).toBe(
      'Revenue per day from 1 Feb 2026 to 3 Feb 2026: USD 0 from 0 orders.',
    );
    expect(ordersText(1)).toBe('1 order');
    expect(ordersText(1200)).toBe('1,200 orders');
  });
});

describe('sales chart scale', () => {
  it('picks round ticks from 0 that reach the largest bar', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(159.96)).toEqual([0, 50, 100, 150, 200]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(12_345)).toEqual([0, 5000, 10_000, 15_000]);
    for (const max of [1, 7, 99.99, 1234, 98_765.4]) {
      const t = niceTicks(max);
      expect(t[t.length - 1]).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeLessThanOrEqual(5);
    }
  });

  it('writes axis values short', () => {
    expect(compactNumber(0)).toBe('0');
    expect(compactNumber(1500)).toBe('1.5K');
    expect(compactNumber(2_000_000)).toBe('2M');
  });

  it('labels at most 8 bars, every other one minor', () => {
    expect(axisLabels(7)).toEqual([0, 1, 2, 3, 4, 5, 6].map((index) => ({ index, minor: index % 2 === 1 })));
    expect(axisLabels(30).map((l) => l.index)).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
    expect(
      axisLabels(30)
        .filter((l) => !l.minor)
        .map((l) => l.index),
    ).toEqual([0, 8, 16, 24]);
    expect(axisLabels(122).length).toBeLessThanOrEqual(8);
  });
});
