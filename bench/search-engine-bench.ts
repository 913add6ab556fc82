/**
 * The search engine's figures at 100k bench products (issue 29), in this process: the index's build time
 * (wall and CPU) and heap, uncached search p99 with typos (a third of the words misspelt, swaps among
 * them) and suggestion p99 for texts as typed (the last word cut short), after a warm-up as a running
 * server has had. `npm run bench -- --only=search`, or `npx tsx bench/search-engine-bench.ts [count]`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createSearchEngine } from '#contract/rules/search-engine';
import { BENCH_CATEGORIES, benchProduct } from './catalog-data';
import { createRng } from '#fixtures/rng';
import type { Ratio } from './report';

const WORDS = [
  'jacket',
  'jakcet',
  'shirts',
  'hoodie',
  'hoddie',
  'classic tee',
  'slim jeans',
  'vintage coat',
  'oversized swaeter',
  'cropped',
  'organc',
  'relaxed chinos',
  'heavy',
  'light shorts',
  'cap',
  'tl 0123',
  'soft fabirc',
];

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export interface SearchEngineFigures {
  products: number;
  words: number;
  buildMs: number;
  buildCpuMs: number;
  heapMb: number;
  searchP50: number;
  searchP99: number;
  suggestP99: number;
  /** The same in CPU time of this process: what a loaded, shared machine does not inflate. */
  searchCpuP99: number;
  suggestCpuP99: number;
}

const gc = (): void => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export function searchEngineFigures(count = 100_000, queries = 600): SearchEngineFigures {
  const rng = createRng(29);
  const docs = Array.from({ length: count }, (_, i) => {
    const p = benchProduct(rng, i + 1);
    return { ...p, categories: p.category_ids.map((id) => BENCH_CATEGORIES[id - 1]!) };
  });
  gc();
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const c0 = cpuMs();
  const engine = createSearchEngine(docs);
  const buildMs = performance.now() - t0;
  const buildCpuMs = cpuMs() - c0;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
  const typed = (q: string, i: number): string => q.slice(0, Math.max(2, q.length - (i % 4)));
  for (let i = 0; i < 200; i++) {
    engine.search(WORDS[i % WORDS.length]!);
    engine.suggest(typed(WORDS[i % WORDS.length]!, i), 6);
  }
  const search: number[] = [];
  const suggest: number[] = [];
  const searchCpu: number[] = [];
  const suggestCpu: number[] = [];
  for (let i = 0; i < queries; i++) {
    const q = WORDS[i % WORDS.length]!;
    let t = performance.now();
    let c = cpuMs();
    engine.search(q);
    search.push(performance.now() - t);
    searchCpu.push(cpuMs() - c);
    t = performance.now();
    c = cpuMs();
    engine.suggest(typed(q, i), 6);
    suggest.push(performance.now() - t);
    suggestCpu.push(cpuMs() - c);
  }
  return {
    products: count,
    words: engine.words,
    buildMs,
    buildCpuMs,
    heapMb,
    searchP50: percentile(search, 50),
    searchP99: percentile(search, 99),
    suggestP99: percentile(suggest, 99),
    searchCpuP99: percentile(searchCpu, 99),
    suggestCpuP99: percentile(suggestCpu, 99),
  };
}

/** The rows `npm run bench` prints beside their goals. */
export function searchRatios(f: SearchEngineFigures): Ratio[] {
  const k = `${f.products / 1000}k`;
  return [
    { name: `search p99, uncached, typos on (${k})`, value: f.searchP99, unit: 'ms', max: 10 },
    { name: `suggest p99 (${k})`, value: f.suggestP99, unit: 'ms', max: 5 },
    { name: `search p99, CPU time (${k})`, value: f.searchCpuP99, unit: 'ms', max: 10 },
    { name: `suggest p99, CPU time (${k})`, value: f.suggestCpuP99, unit: 'ms', max: 5 },
    { name: `search index build, wall (${k})`, value: f.buildMs / 1000, unit: 's' },
    { name: `search index build, CPU (${k})`, value: f.buildCpuMs / 1000, unit: 's' },
    { name: `search index heap (${k})`, value: f.heapMb, unit: 'MB' },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(searchEngineFigures(Number(process.argv[2] ?? 100_000)));
