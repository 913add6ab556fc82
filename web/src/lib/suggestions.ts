import type { Category } from '#contract/schemas/category';
import type { Suggestions } from '#contract/schemas/search';
import { api } from './api-client';
import { isNetworkFailure } from './catalogue-cache';
import { getNetworkStatus } from './network-status';
import { loadLocalSuggest } from './offline-modules';

/**
 * The search box's suggestions (issue 29): GET /search/suggest online; offline (known offline, or the request
 * failed at the network level) the same answer from the local copy (local-suggest.ts, loaded only then).
 * Recent answers are kept for a minute (SUGGEST_CACHE of them), so typing back over a text shows its list at once.
 */
export const MIN_SUGGEST_CHARS = 2;
const SUGGEST_CACHE = 30;
const CACHE_MS = 60_000;

const NONE: Suggestions = { products: [], categories: [] };
const recent = new Map<string, { answer: Suggestions; at: number }>();

/** The cache's key: the text as the engine reads it (trimmed, case folded). */
export const suggestKey = (text: string): string => text.trim().toLowerCase();

/** A recent answer for this text, if any. */
export function cachedSuggestions(text: string): Suggestions | undefined {
  const key = suggestKey(text);
  const hit = recent.get(key);
  if (!hit) return undefined;
  if (Date.now() - hit.at > CACHE_MS) {
    recent.delete(key);
    return undefined;
  }
  return hit.answer;
}

function keep(text: string, answer: Suggestions): void {
  const key = suggestKey(text);
  recent.delete(key);
  recent.set(key, { answer, at: Date.now() });
  if (recent.size > SUGGEST_CACHE) recent.delete(recent.keys().next().value!);
}

/** Forget every kept answer (tests). */
export function clearSuggestionCache(): void {
  recent.clear();
}

async function offlineSuggestions(text: string, categories: ReadonlyArray<Category>): Promise<Suggestions> {
  const [{ localSuggestions }, { catalogueDb }] = await Promise.all([loadLocalSuggest(), import('./db')]);
  return (await localSuggestions(catalogueDb(), text, categories)) ?? NONE;
}

/** The suggestions for a text of MIN_SUGGEST_CHARS or more (trimmed); rejects when aborted or on a server error. */
export async function fetchSuggestions(
  text: string,
  categories: ReadonlyArray<Category>,
  signal?: AbortSignal,
): Promise<Suggestions> {
  const q = text.trim();
  if (q.length < MIN_SUGGEST_CHARS) return NONE;
  const held = cachedSuggestions(q);
  if (held) return held;
  let answer: Suggestions | undefined;
  if (!getNetworkStatus().offline) {
    try {
      answer = await api('searchSuggest', { query: { q }, signal });
    } catch (err) {
      if (signal?.aborted || !isNetworkFailure(err)) throw err;
    }
  }
  answer ??= await offlineSuggestions(q, categories);
  signal?.throwIfAborted();
  keep(q, answer);
  return answer;
}
