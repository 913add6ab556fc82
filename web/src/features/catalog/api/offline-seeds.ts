import { use, useEffect, useState } from 'react';
import type { ProductListResponse } from '#contract/schemas/product';
import { browserOffline, cachedApi } from '#web/lib/catalogue-cache';
import { useSeeds, type Seeds } from '#web/lib/ssr-data';
import type { ProductQuery } from './use-product-query';

/**
 * A listing opened offline renders once, with its cards (issue 29 item 5). Offline, the device's copy answers a
 * listing in a moment (local-catalogue.ts); rendering the screen first loading (the shimmering skeleton, whose
 * every frame is painted) and then again with the cards took most of an offline listing's time. Instead the
 * screen, when it mounts offline, waits for its answers (Suspense: a navigation is a transition, so the screen
 * the shopper came from stays until then) and hands them to its queries as seeds (ssr-data.ts), as a
 * server-rendered page's answers are: their first run starts settled and fetches nothing.
 *
 * Bounded: past OFFLINE_WAIT_MS (the index of a copy not read yet, a slow device) the screen renders loading as
 * before, and its query takes over the answer under way (answerUnderWay) rather than ask again. Online nothing
 * changes: the network answers, and the screen shows its loading state meanwhile.
 */
export const OFFLINE_WAIT_MS = 400;
/** An answer older than this is asked again (it was prepared for a screen that never showed it). */
const FRESH_MS = 2000;

interface Prepared {
  at: number;
  answer: Promise<ProductListResponse>;
  /** Settles with the answer or after OFFLINE_WAIT_MS, whichever comes first; never rejects. */
  ready: Promise<void>;
  done: boolean;
  data?: ProductListResponse;
}

const prepared = new Map<string, Prepared>();

/** The key of useProductQuery, and its hash as useQuery makes it. */
const keyOf = (query: ProductQuery) => ['listProducts', query];
const hashOf = (query: ProductQuery) => JSON.stringify(keyOf(query));

function fresh(hash: string): Prepared | undefined {
  const held = prepared.get(hash);
  return held && Date.now() - held.at < FRESH_MS ? held : undefined;
}

function prepare(query: ProductQuery): [string, Prepared] {
  const hash = hashOf(query);
  const held = fresh(hash);
  if (held) return [hash, held];
  // Answers prepared for screens that never showed them (the shopper went on meanwhile) are dropped.
  for (const [h, e] of prepared) if (Date.now() - e.at >= FRESH_MS) prepared.delete(h);
  const answer = cachedApi('listProducts', { query });
  const entry: Prepared = { at: Date.now(), answer, ready: Promise.resolve(), done: false };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, OFFLINE_WAIT_MS)));
  entry.ready = Promise.race([
    answer.then(
      (data) => {
        entry.data = data;
      },
      () => undefined,
    ),
    late,
  ]).then(() => {
    clearTimeout(timer);
    entry.done = true;
  });
  prepared.set(hash, entry);
  return [hash, entry];
}

/** The answer being prepared for this query (once: the first fetch of the screen's query takes it over). */
export function answerUnderWay(query: ProductQuery): Promise<ProductListResponse> | undefined {
  const hash = hashOf(query);
  const held = fresh(hash);
  prepared.delete(hash);
  return held?.answer;
}

/**
 * The seeds of a screen whose listing queries are `queries`: offline, their answers from the device's copy
 * (the first render waits for them, see above), then whatever seeds were there already; online, those alone.
 */
export function useOfflineSeeds(queries: ProductQuery[]): Seeds | null {
  const outer = useSeeds();
  // Decided when the screen mounts (a screen that suspended mounts again): a later change of filters loads as usual.
  const [own] = useState(() => {
    // A server-rendered page hydrates with the answers it was made from (its island), never other ones.
    if (!browserOffline() || queries.some((q) => outer?.seed(keyOf(q), hashOf(q)))) return null;
    const answers = new Map(queries.map(prepare));
    const seeds: Seeds = {
      seed(key, hash) {
        const data = answers.get(hash)?.data;
        return data ? { data } : outer?.seed(key, hash);
      },
    };
    return { answers, seeds };
  });
  useEffect(() => {
    if (own) for (const [hash, entry] of own.answers) if (prepared.get(hash) === entry) prepared.delete(hash);
  }, [own]);
  if (!own) return outer;
  for (const entry of own.answers.values()) if (!entry.done) use(entry.ready);
  return own.seeds;
}
