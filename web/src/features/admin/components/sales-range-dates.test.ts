import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDay,
  formatDayShort,
  formatMonth,
  formatMonthShort,
  parseIsoDate,
  presetRange,
  RANGE_MESSAGES,
  spanDays,
  todayUtc,
  validateRange,
} from './sales-range-dates';

describe('sales range dates (UTC)', () => {
  it('reads only real days', () => {
    expect(parseIsoDate('2026-02-28')).toBe(Date.UTC(2026, 1, 28));
    expect(parseIsoDate('2028-02-29')).toBe(Date.UTC(2028, 1, 29));
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2026-13-01')).toBeNull();
    expect(parseIsoDate('')).toBeNull();
    expect(parseIsoDate('2026-2-1')).toBeNull();
    expect(parseIsoDate('0050-01-01')).not.toBeNull(); // a year the server accepts too
  });

  it('takes today in UTC, whatever the local hour', () => {
    expect(todayUtc(Date.parse('2026-11-23T23:59:59.999Z'))).toBe('2026-11-23');
    expect(todayUtc(Date.parse('2026-11-24T00:00:00Z'))).toBe('2026-11-24');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(() => addDays('nope', 1)).toThrow(RangeError);
  });

  it('counts both ends of a range', () => {
    expect(spanDays({ from: '2026-11-23', to: '2026-11-23' })).toBe(1);
    expect(spanDays({ from: '2026-11-01', to: '2026-11-30' })).toBe(30);
    expect(spanDays({ from: '2026-11-02', to: '2026-11-01' })).toBe(0);
  });

  it('Last 7 days is today and the 6 days before; Last 30 days today and the 29 before', () => {
    expect(presetRange('last7', '2026-11-23')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(presetRange('last30', '2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(presetRange('last7', '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(spanDays(presetRange('last7', '2026-11-23'))).toBe(7);
    expect(spanDays(presetRange('last30', '2026-01-05'))).toBe(30);
  });

  it('Last 12 months starts the day after the same date a year ago: a year of days, none twice', () => {
    expect(presetRange('last12m', '2026-11-23')).toEqual({ from: '2025-11-24', to: '2026-11-23' });
    expect(spanDays(presetRange('last12m', '2026-11-23'))).toBe(365);
    expect(presetRange('last12m', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    // Over a 29 February: 366 days.
    expect(spanDays(presetRange('last12m', '2028-03-01'))).toBe(366);
    // On 29 February, the year before has no such day: from 1 March.
    expect(presetRange('last12m', '2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
  });

  it('validates a custom range per field: both days, to not before from, at most 3,700 days', () => {
    expect(validateRange({ from: '2026-01-01', to: '2026-01-01' })).toEqual({});
    expect(validateRange({ from: '', to: '' })).toEqual({
      from: RANGE_MESSAGES.fromMissing,
      to: RANGE_MESSAGES.toMissing,
    });
    expect(validateRange({ from: '2026-01-02', to: '2026-01-01' })).toEqual({ to: RANGE_MESSAGES.order });
    expect(validateRange({ from: '2016-01-01', to: addDays('2016-01-01', 3_699) })).toEqual({});
    expect(validateRange({ from: '2016-01-01', to: addDays('2016-01-01', 3_700) })).toEqual({
      to: RANGE_MESSAGES.span,
    });
    expect(RANGE_MESSAGES.span).toBe('A range can span at most 3,700 days.');
  });

  it('formats days and months in English, the same in every browser', () => {
    expect(formatDay('2026-11-03')).toBe('3 Nov 2026');
    expect(formatDayShort('2026-01-23')).toBe('23 Jan');
    expect(formatMonth('2025-12')).toBe('Dec 2025');
    expect(formatMonth('2025-12-31')).toBe('Dec 2025');
    expect(formatMonthShort('2025-12')).toBe('Dec ’25');
  });
});
