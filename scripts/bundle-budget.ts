/**
 * Frontend budget, run by `npm run build` after vite build: the first-load JavaScript of `/` is the
 * entry script of dist/index.html plus every chunk it preloads, plus (to be safe) every chunk those
 * import statically — what a shopper's browser must fetch before the first screen. Each is gzipped
 * (node:zlib, level 9) and summed. Fails above BUDGET_KB (issue 13: 98.3 kB measured once zod, the
 * contract's schemas and the local query engine left the first load and the first load became one chunk
 * (vite.config.ts, CHUNK_GROUPS), plus 2 kB; issue 7's was 130 kB) or when any admin chunk is in the first
 * load (admin code must stay lazy).
 * Usage: node --import tsx scripts/bundle-budget.ts [distDir]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SCREENS, screenParts, type Manifest, type ScreenKind } from '../server/http/pages/screen-manifest';

export const BUDGET_KB = 100;
/**
 * Scripts a rendered page asks for before its first paint (its module script and preloads, screen-manifest.ts).
 * The server speaks HTTP/1.1: a phone fetches six files at a time from it, and each further one is a wave on a
 * slow network (vite.config.ts, CHUNK_GROUPS). With the shell's lazy parts in one chunk: 5 to 7 (9 to 12 before).
 */
export const MAX_PAGE_SCRIPTS = 7;

const dist = resolve(process.argv[2] ?? 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const roots = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1] as string);

if (roots.length === 0) {
  console.error(`bundle-budget: no module script found in ${join(dist, 'index.html')}`);
  process.exit(1);
}

/** Static imports only (`import ... from "./x.js"`, `import "./x.js"`); dynamic import( ) stays lazy. */
function staticImports(file: string, code: string): string[] {
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)].map(
    (m) => dir + (m[1] as string).slice(2),
  );
}

const seen = new Map<string, number>();
const queue = [...roots];
while (queue.length > 0) {
  const file = queue.shift() as string;
  if (seen.has(file)) continue;
  const code = readFileSync(join(dist, file));
  seen.set(file, gzipSync(code, { level: 9 }).length);
  queue.push(...staticImports(file, code.toString('utf8')));
}

const kb = (n: number) => (n / 1000).toFixed(1);
const total = [...seen.values()].reduce((a, b) => a + b, 0);
console.log('\nFirst-load JavaScript of / (gzip):');
for (const [file, size] of [...seen].sort((a, b) => b[1] - a[1]))
  console.log(`  ${kb(size).padStart(7)} kB  ${file}`);
console.log(`  ${kb(total).padStart(7)} kB  total (budget ${BUDGET_KB} kB)`);

const admin = [...seen.keys()].filter((f) => /(^|\/)admin-/.test(f));
let failed = false;
if (admin.length > 0) {
  console.error(`bundle-budget: admin chunks in the first load: ${admin.join(', ')}`);
  failed = true;
}
// The server-rendered pages preload their screen's chunks (screen-manifest.ts). None may bring zod or the
// contract's schemas: the rendered page needs neither to hydrate, and they load with the first API answer. A
// zod-free value read from a module the schemas' chunk holds (contract/limits.ts) once made every page load both
// (issue 28; vite.config.ts, the contract-values group).
const manifestFile = join(dist, '.vite', 'manifest.json');
if (existsSync(manifestFile)) {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  for (const kind of Object.keys(SCREENS) as ScreenKind[]) {
    const heavy = screenParts(manifest, kind).js.filter((f) =>
      /(^|\/)(zod|contract-schemas|api-schemas)-/.test(f),
    );
    if (heavy.length > 0) {
      console.error(`bundle-budget: the rendered ${kind} page preloads ${heavy.join(', ')}`);
      failed = true;
    }
  }
  if (!failed)
    console.log(`  rendered pages (${Object.keys(SCREENS).join(', ')}): no zod or schema chunk preloaded`);
  const counts = (Object.keys(SCREENS) as ScreenKind[]).map((kind) => {
    const scripts = new Set([...roots, ...screenParts(manifest, kind).js]);
    if (scripts.size > MAX_PAGE_SCRIPTS) {
      console.error(
        `bundle-budget: the rendered ${kind} page asks for ${scripts.size} scripts before its first paint ` +
          `(at most ${MAX_PAGE_SCRIPTS}): ${[...scripts].join(', ')}`,
      );
      failed = true;
    }
    return `${kind} ${scripts.size}`;
  });
  console.log(`  scripts per rendered page: ${counts.join(', ')} (at most ${MAX_PAGE_SCRIPTS})`);
}
if (total > BUDGET_KB * 1000) {
  console.error(`bundle-budget: first-load JavaScript ${kb(total)} kB is over the ${BUDGET_KB} kB budget`);
  failed = true;
}
process.exit(failed ? 1 : 0);
