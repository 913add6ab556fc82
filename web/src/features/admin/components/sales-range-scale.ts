/**
 * The revenue axis of the sales chart: a few round ticks from 0 (1, 2, 2.5 or 5 times a power of ten)
 * and short labels for them ("1.5K"), so the axis stays narrow on a phone.
 */
const STEPS = [1, 2, 2.5, 5, 10];

/** 0 and up to `count` round steps, the last one at or above `max`. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = (STEPS.find((s) => s * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let i = 0; ticks.length === 0 || ticks[ticks.length - 1]! < max; i++) ticks.push(round(i * step));
  return ticks;
}

/** Tick values stay exact (0.1 * 3 is 0.30000000000000004 otherwise). */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function compactNumber(n: number): string {
  return compact.format(n);
}

/**
 * Which of `n` bars get a label on the axis: every `step`-th from the first, at most `max` of them. Every
 * other one is `minor` (hidden where the chart is narrow), so a phone shows about half.
 */
export function axisLabels(n: number, max = 8): { index: number; minor: boolean }[] {
  const step = Math.max(1, Math.ceil(n / max));
  const labels: { index: number; minor: boolean }[] = [];
  for (let i = 0, k = 0; i < n; i += step, k++) labels.push({ index: i, minor: k % 2 === 1 });
  return labels;
}
