import { startTransition, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { keepServedAnswer } from '#web/lib/catalogue-cache';
import { markHydrated } from '#web/lib/hydrated-mark';
import { useAtom } from '#web/lib/jotai';
import { hydratingAtom } from '#web/lib/session/auth-atoms';
import { AfterScreenContext, SSR_DATA_ID, type Seeds, type SsrPayload } from '#web/lib/ssr-data';

/**
 * The browser's side of a server-rendered page (issue 28), in a chunk of its own that only such a page loads
 * (main.tsx): the island's answers as the first data, and what ends them (the first navigation) and the
 * anonymous first render (after hydration). The server renders HydrationParts too, so both trees have the
 * same shape (useId's ids agree); it renders nothing.
 */
/** The island of a server-rendered page, or null (a client-rendered shell, the demo, the offline shell). */
export function readSsrPayload(doc: Document = document): SsrPayload | null {
  const el = doc.getElementById(SSR_DATA_ID);
  if (!el?.textContent) return null;
  try {
    const payload = JSON.parse(el.textContent) as SsrPayload;
    return typeof payload.url === 'string' && payload.queries && Array.isArray(payload.categories)
      ? payload
      : null;
  } catch {
    return null;
  }
}

/**
 * The browser's seeds: the island's answers until the shopper first navigates. (Not checked against the URL: a
 * cached page serves every URL of its cache key, e.g. with unknown parameters, all of which show the same list.)
 */
export function islandSeeds(payload: SsrPayload): Seeds & { end(): void } {
  let ended = false;
  return {
    seed(_key, hash) {
      if (ended || !Object.hasOwn(payload.queries, hash)) return undefined;
      return { data: payload.queries[hash] };
    },
    end() {
      ended = true;
    },
  };
}

/** Keeps the island's answers in the device's catalogue copy, as fetched answers are (catalogue-cache.ts). */
export function keepIsland(payload: SsrPayload): void {
  for (const [hash, data] of Object.entries(payload.queries)) {
    try {
      const key: unknown = JSON.parse(hash);
      if (Array.isArray(key)) keepServedAnswer(key, data);
    } catch {
      // not a key of ours: nothing to keep
    }
  }
}

/** Ends the island's seeds at the first change of location (inside the router). */
function SeedsScope({ onNavigate }: { onNavigate: () => void }) {
  const { key } = useLocation();
  const first = useRef(key);
  useEffect(() => {
    if (key !== first.current) onNavigate();
  }, [key, onNavigate]);
  return null;
}

/**
 * After hydration: the signed-in parts (user menu, wishlist, notifications) fill in (auth-atoms.ts). Mounted
 * with the lazy screen: flipped earlier, a screen still waiting for its chunk would hydrate signed in against
 * the anonymous HTML. Once they are in, the page is marked hydrated (hydrated-mark.ts).
 */
function HydrationEnd() {
  const [hydrating, setHydrating] = useAtom(hydratingAtom);
  useEffect(() => {
    if (hydrating) startTransition(() => setHydrating(false));
    else markHydrated();
  }, [hydrating, setHydrating]);
  return null;
}

/** Inside the router (ends the seeds at the first navigation) and after the screen (ends the anonymous render). */
export function HydrationParts({ seeds, children }: { seeds: { end(): void }; children: ReactNode }) {
  return (
    <AfterScreenContext value={<HydrationEnd />}>
      <SeedsScope onNavigate={seeds.end} />
      {children}
    </AfterScreenContext>
  );
}
