/**
 * The two baselines of the bench, on the same data as ours, with no framework at all:
 *   stringify  parse the query, filter, sort and slice the whole in-memory array with the reference
 *              scan (runCatalogQuery) and JSON.stringify per request: our work without indexes or caches;
 *   buffer     the same answer computed once per URL and sent as a ready Buffer: the practical limit.
 * Usage: node --import tsx bench/raw-server.ts <stringify|buffer> <DATA_DIR> <port>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { catalogQuerySchema, runCatalogQuery } from '#contract/rules/catalog-query';
import type { Category } from '#contract/schemas/category';
import type { StoredProduct } from '#server/core/records';
import { toPublicProduct } from '#server/core/records';

const [mode, dataDir, port] = process.argv.slice(2);
if ((mode !== 'stringify' && mode !== 'buffer') || !dataDir || !port)
  throw new Error('usage: raw-server.ts <stringify|buffer> <dir> <port>');

const load = <T>(file: string): T[] =>
  (JSON.parse(readFileSync(join(dataDir, file), 'utf8')) as { rows: T[] }).rows;
const cats = new Map(load<Category>('categories.json').map((c) => [c.id, c]));
const products = load<StoredProduct>('products.json').map((p) => toPublicProduct(p, cats));
const ready = new Map<string, Buffer>();

function answer(url: URL): string | null {
  const m = /^\/api\/products$/.exec(url.pathname);
  if (!m) return null;
  const query = catalogQuerySchema.parse(Object.fromEntries(url.searchParams));
  return JSON.stringify(runCatalogQuery(products, query));
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let body: string | Buffer | null | undefined = mode === 'buffer' ? ready.get(req.url ?? '') : undefined;
  if (body === undefined) {
    body = answer(url);
    if (body !== null && mode === 'buffer') ready.set(req.url ?? '', (body = Buffer.from(body)));
  }
  if (body === null) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
    return;
  }
  res
    .writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
    .end(body);
}).listen(Number(port), '127.0.0.1', () =>
  console.log(`raw server ready (${mode}, ${products.length} products)`),
);
