/**
 * The countries port over the `country-state-city` package (pure JS, works offline). Only the server
 * and mock-api import this file, so the dataset never lands in the first-load web bundle.
 */
import { Country, State } from 'country-state-city';
import type { CountriesSource } from '#server/core/ports';
import type { CountryRow } from '#server/core/records';

export function createCountriesDataset(): CountriesSource {
  let cache: CountryRow[] | undefined;
  const all = (): CountryRow[] =>
    (cache ??= Country.getAllCountries()
      .map((c) => ({ name: c.name, iso2: c.isoCode }))
      .sort((a, b) => a.name.localeCompare(b.name)));
  return {
    countries: all,
    statesOf(countryName) {
      const wanted = countryName.trim().toLowerCase();
      const country = all().find((c) => c.name.toLowerCase() === wanted || c.iso2.toLowerCase() === wanted);
      if (!country) return undefined;
      const states = State.getStatesOfCountry(country.iso2).map((s) => ({
        name: s.name,
        state_code: s.isoCode,
      }));
      return { country, states };
    },
  };
}
