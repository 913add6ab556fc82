/**
 * The HTTP answer cache's key for a GET: the path plus the first value of each query parameter a
 * cached read looks at, in a fixed order. Unknown parameters are dropped, as the contract's schema
 * drops them, so `?x=1`, `?x=2`… share one entry instead of filling memory.
 *
 * Read from the raw query string, not from Koa's `ctx.query`: that one is built with URLSearchParams
 * and costs microseconds on the hottest path of the server. Values are kept as sent (undecoded): two
 * spellings of one value (`a+b`, `a%20b`) are two entries, each with its right answer, both within the
 * cache's budget. A parameter NAME written with `%` or `+` could decode to a known one (`%71` is `q`),
 * which the raw scan would miss and so serve an answer without that filter: such a request gets no key
 * and is not served from, nor stored in, this cache (the core's cache, keyed by the parsed query,
 * still answers it).
 */
import { catalogQuerySchema } from '#contract/rules/catalog-query';
import { REPEATABLE_PARAMS } from '#contract/rules/catalog-filters';

/** Only the product list has a query; read from the contract so a new filter is never left out. */
export const ANSWER_PARAMS: readonly string[] = Object.keys(catalogQuerySchema.shape);
const POSITION = new Map(ANSWER_PARAMS.map((name, i) => [name, i]));

/** null: not cacheable by this key (see above). JSON keeps the key unambiguous whatever the values hold. */
export function answerKey(path: string, querystring: string): string | null {
  if (!querystring) return path;
  let values: Array<string | null> | null = null;
  // Split as URLSearchParams does: one leading '?' ignored, then on '&', empty parts skipped, the
  // name ends at the first '='.
  const rest = querystring.startsWith('?') ? querystring.slice(1) : querystring;
  for (const part of rest.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (name.includes('%') || name.includes('+')) return null;
    const at = POSITION.get(name);
    if (at === undefined) continue;
    values ??= ANSWER_PARAMS.map(() => null);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    // The first value wins, as in the route; a repeatable filter (size, color) keeps every value in order.
    if (REPEATABLE_PARAMS.has(name) && values[at] !== null) values[at] += `&${value}`;
    else values[at] ??= value;
  }
  return values ? JSON.stringify([path, ...values]) : path;
}

/** Keys remembered per raw URL (path and query as sent): most reads repeat a few URLs. */
const KEY_MEMO_ENTRIES = 4096;
/** Longer URLs are keyed each time (bounded memory: entries × this many characters at most, twice). */
const KEY_MEMO_URL_CHARS = 512;
const memo = new Map<string, string | null>();

/**
 * answerKey for a request's raw URL (`path?query`), remembered: the fast path (fast-reads.ts) asks it for every
 * cached read, and splitting the query costs a good part of such a read's own work. The memo holds at most
 * KEY_MEMO_ENTRIES URLs of at most KEY_MEMO_URL_CHARS characters and is emptied when full, so a caller sending
 * endless new URLs only makes it compute, as without it.
 */
export function answerKeyOfUrl(url: string, path: string, querystring: string): string | null {
  const known = memo.get(url);
  if (known !== undefined) return known;
  const key = answerKey(path, querystring);
  if (url.length <= KEY_MEMO_URL_CHARS) {
    if (memo.size >= KEY_MEMO_ENTRIES) memo.clear();
    memo.set(url, key);
  }
  return key;
}
