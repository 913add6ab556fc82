import { useEffect, useRef, useState } from 'react';
import type { Category } from '#contract/schemas/category';
import type { Suggestions } from '#contract/schemas/search';

/** The calls and the cache, in a chunk of their own (out of the first load): loaded on the first text to suggest for. */
const suggestionsLib = () => import('#web/lib/suggestions');
/** As lib/suggestions.ts's MIN_SUGGEST_CHARS (kept here so the first load need not hold that module). */
const MIN_SUGGEST_CHARS = 2;

/**
 * The debounce: a change that comes within this time of the one before waits this long for the typing to pause;
 * a change after a pause (the first key, or a phone typist's next one) asks at once (leading and trailing edge).
 * A recent answer shows at once.
 */
export const SUGGEST_DEBOUNCE_MS = 80;

export interface SuggestState {
  /** The text the answer is for. */
  text: string;
  answer: Suggestions;
}

/**
 * The suggestions for the text being typed: nothing under MIN_SUGGEST_CHARS characters; a recent answer at once;
 * otherwise asked at once after a pause, or SUGGEST_DEBOUNCE_MS after the last of quick changes; the request
 * of an older text is aborted. The last answer stays shown while the next one is on its way (no flicker between
 * keys). `enabled` false asks nothing.
 */
export function useSuggestions(
  text: string,
  categories: ReadonlyArray<Category>,
  enabled: boolean,
): SuggestState | null {
  const [state, setState] = useState<SuggestState | null>(null);
  const q = text.trim();
  const wanted = enabled && q.length >= MIN_SUGGEST_CHARS;
  const lastChange = useRef(-Infinity);
  useEffect(() => {
    const now = performance.now();
    const quick = now - lastChange.current < SUGGEST_DEBOUNCE_MS;
    lastChange.current = now;
    if (!wanted) {
      setState(null);
      return;
    }
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    void suggestionsLib().then(({ cachedSuggestions, fetchSuggestions }) => {
      if (abort.signal.aborted) return;
      const held = cachedSuggestions(q);
      if (held) {
        setState({ text: q, answer: held });
        return;
      }
      timer = setTimeout(
        () => {
          fetchSuggestions(q, categories, abort.signal).then(
            (answer) => {
              if (!abort.signal.aborted) setState({ text: q, answer });
            },
            () => undefined, // aborted, or the server refused: the list simply does not change
          );
        },
        quick ? SUGGEST_DEBOUNCE_MS : 0,
      );
    });
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q, wanted, categories]);
  return wanted ? state : null;
}

/** One choice of the list: a product (opens it) or a category (opens its listing). */
export type SuggestOption =
  | { kind: 'product'; product: Suggestions['products'][number] }
  | { kind: 'category'; category: Suggestions['categories'][number] };

/** The answer as the list's options, in the list's order: the products, then the categories. */
export function optionsOf(answer: Suggestions | undefined): SuggestOption[] {
  if (!answer) return [];
  return [
    ...answer.products.map((product) => ({ kind: 'product' as const, product })),
    ...answer.categories.map((category) => ({ kind: 'category' as const, category })),
  ];
}

export const optionId = (listId: string, i: number) => `${listId}-${i}`;
