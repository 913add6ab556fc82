import { describe, expect, it } from 'vitest';
import type { SalesRange } from '#contract/schemas/report';
import { changeTag, comparedRange, dashboardTags, PERIOD_DAYS, splitPeriods } from './dashboard-tags';

const days = (revenue: (i: number) => number, orders: (i: number) => number): SalesRange['days'] =>
  Array.from({ length: 2 * PERIOD_DAYS }, (_, i) => ({
    date: `d${i}`,
    revenue: revenue(i),
    orders: orders(i),
  }));
const rangeOf = (list: SalesRange['days']): SalesRange => ({
  from: 'x',
  to: 'y',
  days: list,
  revenue: 0,
  orders: 0,
  average_order_value: 0,
  counts: {},
  top_sizes: [],
  top_colors: [],
});

describe('dashboard tags (issue 27)', () => {
  it('compares the last 30 days with the 30 before, today included', () => {
    expect(comparedRange('2026-03-31')).toEqual({ from: '2026-01-31', to: '2026-03-31' });
  });

  it('splits the days into the two periods', () => {
    const list = days(
      (i) => (i < PERIOD_DAYS ? 1 : 2),
      () => 0,
    );
    expect(splitPeriods(list, (d) => d.revenue)).toEqual({ previous: 30, current: 60 });
  });

  it('says the change as a signed, rounded percentage', () => {
    expect(changeTag(100, 112, 'Sales').text).toBe('+12% vs previous 30 days');
    expect(changeTag(200, 150, 'Sales')).toMatchObject({ text: '−25% vs previous 30 days', tone: 'down' });
    expect(changeTag(3, 9, 'Orders')).toMatchObject({ text: '+200% vs previous 30 days', tone: 'up' });
    expect(changeTag(1000, 1001, 'Sales').text).toBe('+<1% vs previous 30 days');
    expect(changeTag(1000, 1001, 'Sales').description).toMatch(
      /Sales in the last 30 days against the 30 days before/,
    );
  });

  it('says No change for equal figures (money to the cent) and New when nothing came before', () => {
    expect(changeTag(0, 0, 'Orders')).toMatchObject({ text: 'No change', tone: 'flat' });
    expect(changeTag(59.98, 59.980000001, 'Sales')).toMatchObject({ text: 'No change', tone: 'flat' });
    expect(changeTag(0, 5, 'Orders')).toMatchObject({ text: 'New', tone: 'new' });
  });

  it('gives both tags from one report, none without it', () => {
    const tags = dashboardTags(
      rangeOf(
        days(
          (i) => (i < PERIOD_DAYS ? 10 : 11),
          (i) => (i === 0 ? 2 : 0),
        ),
      ),
    );
    expect(tags?.sales.text).toBe('+10% vs previous 30 days');
    expect(tags?.orders.text).toBe('−100% vs previous 30 days');
    expect(dashboardTags(undefined)).toBeNull();
    expect(dashboardTags(rangeOf([]))).toBeNull();
  });
});
