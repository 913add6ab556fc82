import { atom, useAtomValue, useSetAtom } from '../jotai';
import { cachedApi } from '../catalogue-cache';
import { useQuery } from '../use-query';

/**
 * The countries service (spec section 7): the country list is fetched once per app session and kept
 * here, so the cart popup and checkout share it and reopening them never refetches. Provinces are
 * fetched per chosen country and cached by name. Failures are logged with the spec's text and leave the
 * UI as it was (an empty list), never an error message.
 */
type CountriesState = { status: 'idle' | 'loading' | 'done'; names: string[] };

const countriesStateAtom = atom<CountriesState>({ status: 'idle', names: [] });
const provincesCacheAtom = atom<Record<string, string[]>>({});

export const countriesAtom = atom((get) => get(countriesStateAtom).names);

/** Starts the one fetch of the session; later calls are no-ops (also after a failure: "UI unchanged"). */
export const loadCountriesAtom = atom(null, async (get, set) => {
  if (get(countriesStateAtom).status !== 'idle') return;
  set(countriesStateAtom, { status: 'loading', names: [] });
  try {
    const res = await cachedApi('countryPositions');
    const names = [...new Set(res.data.map((c) => c.name))].sort((a, b) => a.localeCompare(b));
    set(countriesStateAtom, { status: 'done', names });
  } catch (err) {
    console.error('Error fetching countries:', err);
    set(countriesStateAtom, { status: 'done', names: [] });
  }
});

/** The country list, starting the session's one fetch on first use (through useQuery, like every loader). */
export function useCountries(): string[] {
  const { status } = useAtomValue(countriesStateAtom);
  const load = useSetAtom(loadCountriesAtom);
  useQuery(status === 'idle' ? ['countryPositions'] : null, () => load());
  return useAtomValue(countriesAtom);
}

const loadProvincesAtom = atom(
  null,
  async (get, set, country: string, signal: AbortSignal): Promise<string[]> => {
    const cached = get(provincesCacheAtom)[country];
    if (cached) return cached;
    const res = await cachedApi('countryStates', { body: { country }, signal });
    const names = (res.data.states ?? []).map((s) => s.name);
    set(provincesCacheAtom, (prev) => ({ ...prev, [country]: names }));
    return names;
  },
);

const NO_PROVINCES: string[] = [];
const logProvincesFailure = (err: unknown) => console.error('Error fetching provinces:', err);

/** Provinces of `country` ([] while loading, when unknown or on failure); stale answers are dropped. */
export function useProvinces(country: string): { provinces: string[]; loading: boolean } {
  const cache = useAtomValue(provincesCacheAtom);
  const load = useSetAtom(loadProvincesAtom);
  const key = country.trim();
  const cached = key ? cache[key] : undefined;
  // Only a country not yet cached is asked for; its answer lands in the shared cache, which is what shows.
  const { loading } = useQuery(
    key && !cached ? ['countryStates', key] : null,
    (signal) => load(key, signal),
    { onError: logProvincesFailure },
  );
  return { provinces: cached ?? NO_PROVINCES, loading };
}
