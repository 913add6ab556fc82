/**
 * The shop filters and facets (issue 29) at 10k bench products, in this process: the listing with
 * size/colour/in-stock/price filters and `facets=1` through the catalogue index (server/core/catalog/listing.ts),
 * cold (the first request after the index is built: every row's facet facts read) and warm (p50/p99 over
 * distinct queries, no answer cache; CPU time of the process, which a loaded machine inflates less than wall time), beside the same queries without facets and the reference scan
 * (runCatalogQuery). `npx tsx bench/shop-filters.ts [count]`.
 */
import { catalogQuerySchema, runCatalogQuery, type CatalogQuery } from '#contract/rules/catalog-query';
import { createCatalogIndex } from '#server/core/catalog/indexes';
import { listCatalog } from '#server/core/catalog/listing';
import type { StoredProduct } from '#server/core/records';
import { toPublicProduct } from '#server/core/records';
import { createRng, type Rng } from '#fixtures/rng';
import { BENCH_CATEGORIES, benchProduct, benchStores } from './catalog-data';
import { percentile } from './search-engine-bench';

const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '28', '30', '32', '34', 'One size'];
const COLORS = ['Black', 'White', 'Navy', 'Red', 'Olive', 'Grey', 'Beige', 'Blue', 'Green', 'Pink', 'Brown'];
const some = (r: Rng, from: string[], p: number) => from.filter(() => r.next() < p);

/** A bench product with varied sizes and colours; two thirds track stock, some variants sold out. */
function product(r: Rng, id: number): StoredProduct {
  const p = benchProduct(r, id);
  const sizes = some(r, SIZES, 0.4);
  const colors = some(r, COLORS, 0.3);
  const tracked = r.next() < 0.66;
  return {
    ...p,
    sizes,
    colors,
    ...(tracked
      ? {
          inventory: sizes.flatMap((size) =>
            colors.map((color) => ({ size, color, quantity: r.int(3), held: 0 })),
          ),
        }
      : {}),
  };
}

function query(r: Rng, facets: boolean): CatalogQuery {
  const raw: Record<string, unknown> = {};
  if (r.next() < 0.4) raw.category = r.pick(BENCH_CATEGORIES).slug;
  if (r.next() < 0.7) raw.size = some(r, SIZES, 0.2);
  if (r.next() < 0.6) raw.color = some(r, COLORS, 0.2);
  if (r.next() < 0.4) raw.in_stock = '1';
  if (r.next() < 0.3) raw.minPrice = 20 + r.int(40);
  if (r.next() < 0.3) raw.maxPrice = 80 + r.int(100);
  if (r.next() < 0.1) raw.q = r.pick(['jacket', 'classic tee', 'slim']);
  raw.sort = r.pick(['latest', 'price_asc', 'price_desc']);
  raw.page = String(1 + r.int(3));
  if (facets) raw.facets = '1';
  return catalogQuerySchema.parse(raw);
}

const shown = (p: StoredProduct) =>
  p.inventory?.map(({ size, color, quantity }) => ({ size, color, quantity }));

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 10_000);
  const r = createRng(2029);
  const stores = await benchStores(Array.from({ length: count }, (_, i) => product(r, i + 1)));
  const index = createCatalogIndex(stores, { stock: { shown, onShownChange: () => undefined } });
  index.all(); // the sorted lists, as the first listing of a running server builds them
  index.completeSearchEngine();
  // CPU time of this process (a loaded, shared machine inflates wall time, not this).
  const time = (f: () => unknown): number => {
    const t0 = process.cpuUsage();
    f();
    const d = process.cpuUsage(t0);
    return (d.user + d.system) / 1000;
  };
  const first = catalogQuerySchema.parse({ size: ['M', 'L'], color: 'Navy', in_stock: '1', facets: '1' });
  const cold = time(() => listCatalog(index, first));
  const second = time(() => listCatalog(index, { ...first, page: 2 }));
  const run = (facets: boolean, n: number, f: (q: CatalogQuery) => unknown) => {
    const rq = createRng(facets ? 7 : 8);
    const qs = Array.from({ length: n }, () => query(rq, facets));
    for (const q of qs.slice(0, 50)) f(q); // warm-up (JIT)
    const ms = qs.map((q) => time(() => f(q)));
    return { p50: percentile(ms, 50), p99: percentile(ms, 99), max: Math.max(...ms) };
  };
  const withFacets = run(true, 1000, (q) => listCatalog(index, q));
  const without = run(false, 1000, (q) => listCatalog(index, q));
  const byId = new Map(stores.categories.all().map((c) => [c.id, c]));
  const all = stores.products.all().map((p) => toPublicProduct(p, byId, shown));
  const reference = run(true, 60, (q) => runCatalogQuery(all, q));
  const f = (x: { p50: number; p99: number; max: number }) =>
    `p50 ${x.p50.toFixed(2)} ms, p99 ${x.p99.toFixed(2)} ms, max ${x.max.toFixed(2)} ms`;
  console.log(`${count} products`);
  console.log(
    `first faceted listing (every product's facts read): ${cold.toFixed(1)} ms, next ${second.toFixed(1)} ms`,
  );
  console.log(`filtered + facets=1:   ${f(withFacets)}`);
  console.log(`filtered, no facets:   ${f(without)}`);
  console.log(`reference scan+facets: ${f(reference)}`);
}

void main();
