import type { StoreConfig } from '#contract/schemas/store-config';
import { formatMoney } from '#contract/rules/money';

/** Store details from fixtures/store.json, injected at build time by vite.config.ts. */
export const STORE: StoreConfig = __STORE_CONFIG__;
export const CURRENCY = STORE.currency;

/** Every price on every screen goes through here: one store currency everywhere. */
export function money(amount: number): string {
  return formatMoney(amount, CURRENCY);
}
