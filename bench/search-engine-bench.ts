/**
 * The search engine's figures at 100k bench products (issue 29): build time and heap of the index, uncached
 * search p99 with typos (a third of the words misspelt, a swap among them), suggestion p99.
 */
import { createSearchEngine, searchWords } from '#contract/rules/search-engine';
import { BENCH_CATEGORIES, benchProduct } from './catalog-data';
import { createRng } from '#fixtures/rng';

const WORDS = ['jacket', 'jakcet', 'shirts', 'hoodie', 'hoddie', 'classic tee', 'slim jeans', 'vintage coat', 'oversized swaeter', 'cropped', 'organc', 'relaxed chinos', 'heavy', 'light shorts', 'cap'];

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export function searchEngineFigures(count = 100_000, queries = 400) {
  const rng = createRng(29);
  const products = Array.from({ length: count }, (_, i) => benchProduct(rng, i + 1));
  const docs = products.map((p) => ({
    ...p,
    categories: p.category_ids.map((id) => BENCH_CATEGORIES[id - 1]!),
  }));
  globalThis.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const engine = createSearchEngine(docs);
  const buildMs = performance.now() - t0;
  globalThis.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
  const search: number[] = [];
  const suggest: number[] = [];
  for (let i = 0; i < queries; i++) {
    const q = WORDS[i % WORDS.length]!;
    let t = performance.now();
    engine.search(q);
    search.push(performance.now() - t);
    const typed = q.slice(0, 2 + (i % Math.max(1, searchWords(q).join(' ').length - 1)));
    t = performance.now();
    engine.suggest(typed, 6);
    suggest.push(performance.now() - t);
  }
  return { buildMs, heapMb, searchP99: percentile(search, 99), suggestP99: percentile(suggest, 99), engine };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const f = searchEngineFigures(Number(process.argv[2] ?? 100_000));
  console.log({ ...f, engine: undefined });
}
