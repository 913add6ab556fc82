import { createContext, useContext, type ReactNode } from 'react';
import type { Category } from '#contract/schemas/category';

/**
 * Server rendering's data (issue 28): the answers a server-rendered page was made from travel in the page as
 * `<script type="application/json" id="ssr-data">` (data, not script: the CSP's script-src 'self' stays), and
 * prime the app's first render so hydration fetches nothing the HTML already holds. On the server the same
 * context answers each query from the core in process; in the browser it answers from the island until the
 * first navigation (later visits fetch as always).
 */
export const SSR_DATA_ID = 'ssr-data';

export interface SsrPayload {
  /** pathname + search the page was rendered for. */
  url: string;
  /** Query-key hash (JSON of the key, as useQuery hashes it) → the answer. */
  queries: Record<string, unknown>;
  categories: Category[];
}

export interface Seeds {
  /** The answer for a query key, or undefined: the query loads as usual. */
  seed(key: readonly unknown[], hash: string): { data: unknown } | undefined;
}

export const SeedsContext = createContext<Seeds | null>(null);

export const useSeeds = (): Seeds | null => useContext(SeedsContext);

/**
 * Rendered inside the shop layout's screen boundary, after the screen (shop-layout.tsx): a server-rendered
 * page's HydrationEnd, whose effect so runs only once the lazy screen itself has hydrated.
 */
export const AfterScreenContext = createContext<ReactNode>(null);
