import type { z } from 'zod';
import type {
  countryPositionsResponseSchema,
  countryStatesResponseSchema,
} from '#contract/schemas/countries';
import type { CoreDeps } from '../ports';
import type { StatusReply } from '../api/reply';
import { withStatus } from '../api/reply';

type Positions = z.infer<typeof countryPositionsResponseSchema>;
type States = z.infer<typeof countryStatesResponseSchema>;

/** The third-party countries service's answers (countriesnow-style), including its error shape. */
export function createCountryUseCases({ countries }: CoreDeps) {
  return {
    positions(): Positions {
      const data = countries.countries().map((c) => ({ name: c.name, iso2: c.iso2 }));
      return { error: false, msg: 'countries and positions retrieved', data };
    },

    /** An unknown country is a 404 in the same shape (with the error fields), as the service answers. */
    states(countryName: string): States | StatusReply<States> {
      const found = countries.statesOf(countryName);
      if (!found) {
        return withStatus(404, {
          error: true,
          msg: 'country not found',
          data: { name: countryName, states: [] },
          message: 'Country not found',
          code: 'not_found',
        });
      }
      const { country, states } = found;
      return {
        error: false,
        msg: `states in ${country.name} retrieved`,
        data: {
          name: country.name,
          ...(country.iso3 ? { iso3: country.iso3 } : {}),
          states: states.map((s) => ({
            name: s.name,
            ...(s.state_code ? { state_code: s.state_code } : {}),
          })),
        },
      };
    },
  };
}
