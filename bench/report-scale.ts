/** The goals of issue 13 (performance round 2) as rows of the same table as report.ts's. */
import type { AdminOrdersFigures } from './admin-orders';
import type { BootFigure } from './boot-scale';
import type { CatalogWriteFigure } from './catalog-writes';
import type { ColdFigure, ColdWorkload } from './cold-queries';
import type { OfflineSyncFigure } from './offline-sync';
import { GOALS as OFFLINE_GOALS } from './offline-sync';
import type { Ratio } from './report';

export interface ScaleFigures {
  cold: ColdFigure[];
  catalogWrites: CatalogWriteFigure[];
  admin: AdminOrdersFigures | null;
  boot: BootFigure | null;
  offline: OfflineSyncFigure | null;
}

const div = (a: number | undefined, b: number | undefined): number | null =>
  a === undefined || b === undefined || b === 0 ? null : a / b;

const coldOf = (cold: ColdFigure[], workload: ColdWorkload, products: number, server: ColdFigure['server']) =>
  cold.find((c) => c.workload === workload && c.products === products && c.server === server)?.result;

/** 1.5x at 2k, never slower than the scan (1x) at 10k, 20x at 100k for listings; search: 1.5x at 2k, 1x at 10k. */
const COLD_GOALS: Record<ColdWorkload, Record<number, number | undefined>> = {
  listings: { 2000: 1.5, 10000: 1, 100000: 20 },
  search: { 2000: 1.5, 10000: 1, 100000: 1 },
};

export function scaleRatios(f: ScaleFigures): Ratio[] {
  const out: Ratio[] = [];
  for (const workload of ['listings', 'search'] as const)
    for (const products of [2000, 10000, 100000]) {
      const ours = coldOf(f.cold, workload, products, 'ours');
      const raw = coldOf(f.cold, workload, products, 'raw-stringify');
      if (!ours && !raw) continue;
      out.push({
        name: `cold ${workload === 'search' ? 'q search' : 'listings'} ours / raw-stringify, ${products / 1000}k`,
        value: div(ours?.rps, raw?.rps),
        unit: 'x',
        min: COLD_GOALS[workload][products],
      });
    }
  const q100k = coldOf(f.cold, 'search', 100000, 'ours');
  if (q100k)
    out.push({ name: 'uncached q search p99 at 100k products', value: q100k.p99, unit: 'ms', max: 10 });
  for (const write of ['create', 'update'] as const) {
    const at = (products: number) =>
      f.catalogWrites.find((w) => w.write === write && w.products === products)?.result.p50;
    if (at(1000) === undefined) continue;
    out.push({
      name: `product ${write} p50 at 100k / at 1k products`,
      value: div(at(100000), at(1000)),
      unit: 'x',
      max: 1.5,
    });
  }
  if (f.admin)
    out.push({
      name: 'admin orders page p99 at 1M orders (-c 10)',
      value: f.admin.p99Ms,
      unit: 'ms',
      max: 20,
    });
  if (f.boot) {
    out.push({
      name: 'start at 100k products + 1M orders',
      value: f.boot.startMs / 1000,
      unit: 's',
      max: 10,
    });
    out.push({
      name: 'resident memory then, peak after first requests',
      value: f.boot.peakRssMb,
      unit: 'MB',
      max: 2048,
    });
  }
  if (f.offline) {
    const o = f.offline;
    out.push({
      name: 'offline sync of 10k products in Chromium',
      value: o.syncMs,
      unit: 'ms',
      max: OFFLINE_GOALS.syncMs,
    });
    out.push({
      name: "the same on the first visit after the server's start",
      value: o.coldServerSyncMs,
      unit: 'ms',
    });
    out.push({
      name: 'longest task, navigation to full copy',
      value: o.longestTaskMs,
      unit: 'ms',
      max: OFFLINE_GOALS.longestTaskMs,
    });
    out.push({
      name: 'longest task while the offline index and search engine are built',
      value: o.indexLongestTaskMs,
      unit: 'ms',
      max: OFFLINE_GOALS.indexLongestTaskMs,
    });
    out.push({
      name: 'offline listing and search p95 at 10k products',
      value: o.offlineListingMs,
      unit: 'ms',
      max: OFFLINE_GOALS.offlineListingMs,
    });
  }
  return out;
}
