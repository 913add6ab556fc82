import type { StoreConfig } from '#contract/schemas/store-config';

declare global {
  const __STORE_CONFIG__: StoreConfig;
  const __DEMO__: boolean;
  const __COUNTRIES_BASE__: string;
  const __APP_VERSION__: string;
}
export {};
