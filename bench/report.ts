/** The ratios of one run, each against its goal from issue 7, printed as a table and kept as JSON. */
import type { LhPage } from './lighthouse';
import { LH_CATEGORIES, LH_GOALS } from './lighthouse';
import type { ReadFigure, ReadQuery, ServerName } from './reads';
import type { StormFigure, WriteFigure } from './writes';

export interface Ratio {
  name: string;
  value: number | null;
  unit: 'x' | 'ms' | '/s' | 'score' | 's' | 'MB';
  /** The goal: value >= min, or value <= max. */
  min?: number;
  max?: number;
}

const rps = (reads: ReadFigure[], server: ServerName, products: number, query: ReadQuery): number | null =>
  reads.find((r) => r.server === server && r.products === products && r.query === query)?.result.rps ?? null;

const div = (a: number | null, b: number | null): number | null =>
  a === null || b === null || b === 0 ? null : a / b;

export function ratios(
  reads: ReadFigure[],
  writes: WriteFigure[],
  storm: StormFigure | undefined,
  lh: Record<string, LhPage> | null,
): Ratio[] {
  const out: Ratio[] = [];
  for (const q of ['filtered', 'page1'] as const) {
    const goal = q === 'filtered';
    out.push({
      name: `ours / raw-stringify, 10k, ${q}`,
      value: div(rps(reads, 'ours', 10000, q), rps(reads, 'raw-stringify', 10000, q)),
      unit: 'x',
      ...(goal ? { min: 1.0 } : {}),
    });
    out.push({
      name: `ours / raw-buffer, 10k, ${q}`,
      value: div(rps(reads, 'ours', 10000, q), rps(reads, 'raw-buffer', 10000, q)),
      unit: 'x',
      ...(goal ? { min: 0.7 } : {}),
    });
  }
  for (const q of ['filtered', 'page1'] as const) {
    out.push({
      name: `ours / json-server, 100k, ${q}`,
      value: div(rps(reads, 'ours', 100000, q), rps(reads, 'json-server', 100000, q)),
      unit: 'x',
      min: 250,
    });
    out.push({
      name: `ours / json-server, 10k, ${q}`,
      value: div(rps(reads, 'ours', 10000, q), rps(reads, 'json-server', 10000, q)),
      unit: 'x',
    });
  }
  for (const q of ['filtered', 'page1'] as const)
    out.push({
      name: `ours at 100k / ours at 10k, ${q}`,
      value: div(rps(reads, 'ours', 100000, q), rps(reads, 'ours', 10000, q)),
      unit: 'x',
      min: 0.9,
    });
  const w1 = writes.find((w) => w.orders === 1000);
  const w100 = writes.find((w) => w.orders === 100000);
  out.push({
    name: 'orders/s with 100k orders stored (-c 50)',
    value: w100?.result.rps ?? null,
    unit: '/s',
    min: 500,
  });
  out.push({
    name: 'order p50 at 100k orders / at 1k orders',
    value: div(w100?.result.p50 ?? null, w1?.result.p50 ?? null),
    unit: 'x',
    max: 1.2,
  });
  out.push({ name: 'GET p99 during the write storm', value: storm?.reads.p99 ?? null, unit: 'ms', max: 50 });
  for (const [page, s] of Object.entries(lh ?? {})) {
    for (const cat of LH_CATEGORIES)
      out.push({
        name: `Lighthouse ${page} ${cat}`,
        value: s.scores[cat],
        unit: 'score',
        min: LH_GOALS.scores[cat],
      });
    out.push({
      name: `Lighthouse ${page} LCP`,
      value: s.metrics.lcp / 1000,
      unit: 's',
      max: LH_GOALS.lcpSeconds,
    });
    out.push({
      name: `Lighthouse ${page} CLS`,
      value: Math.round(s.metrics.cls * 1000) / 1000,
      unit: 'score',
      max: LH_GOALS.cls,
    });
  }
  return out;
}

const fmt = (r: Ratio): string => {
  if (r.value === null) return 'n/a';
  if (r.unit === 'x') return `${r.value >= 100 ? r.value.toFixed(0) : r.value.toFixed(2)}x`;
  if (r.unit === 'ms') return `${r.value.toFixed(0)} ms`;
  if (r.unit === '/s') return `${r.value.toFixed(0)}/s`;
  if (r.unit === 's') return `${r.value.toFixed(r.value < 10 ? 2 : 1)} s`;
  if (r.unit === 'MB') return `${r.value.toFixed(0)} MB`;
  return String(r.value);
};

export const met = (r: Ratio): boolean | null => {
  if (r.value === null || (r.min === undefined && r.max === undefined)) return null;
  return (r.min === undefined || r.value >= r.min) && (r.max === undefined || r.value <= r.max);
};

export function table(rows: Ratio[]): string {
  const goal = (r: Ratio) => (r.min !== undefined ? `>= ${r.min}` : r.max !== undefined ? `<= ${r.max}` : '');
  const lines = rows.map((r) => {
    const m = met(r);
    return `| ${r.name.padEnd(44)} | ${fmt(r).padStart(9)} | ${goal(r).padEnd(7)} | ${m === null ? '' : m ? 'met' : 'MISSED'} |`;
  });
  return [
    '| measure (same run)                           |     value | goal    |        |',
    '|---|---:|---|---|',
    ...lines,
  ].join('\n');
}

const perSecond = (n: number): string => (n < 10 ? n.toFixed(1) : n.toFixed(0));

export function rawTable(reads: ReadFigure[], writes: WriteFigure[], storm: StormFigure | undefined): string {
  const lines = ['| server | products | query | req/s | p50 ms | p99 ms |', '|---|---:|---|---:|---:|---:|'];
  for (const r of reads)
    lines.push(
      `| ${r.server} | ${r.products} | ${r.query} | ${perSecond(r.result.rps)} | ${r.result.p50} | ${r.result.p99} |`,
    );
  for (const w of writes)
    lines.push(
      `| ours POST /api/orders (-c 50) | ${w.orders} orders | write | ${w.result.rps.toFixed(0)} | ${w.result.p50} | ${w.result.p99} |`,
    );
  if (storm) {
    lines.push(
      `| ours POST during storm | ${storm.orders} orders | write | ${storm.writes.rps.toFixed(0)} | ${storm.writes.p50} | ${storm.writes.p99} |`,
    );
    lines.push(
      `| ours GET during storm | 1000 | filtered | ${storm.reads.rps.toFixed(0)} | ${storm.reads.p50} | ${storm.reads.p99} |`,
    );
  }
  return lines.join('\n');
}
