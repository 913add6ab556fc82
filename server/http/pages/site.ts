/** The trusted settings a rendered page is built from: never anything of the request. */
import type { StoreConfig } from '#contract/schemas/store-config';

export interface SiteSettings {
  /** PUBLIC_URL without a trailing slash, e.g. https://shop.example: every absolute link starts here. */
  publicUrl: string;
  store: Pick<StoreConfig, 'name' | 'tagline' | 'about' | 'email' | 'phones' | 'social'>;
  /** The store currency (STORE_CURRENCY or the store config's). */
  currency: string;
}

export const absoluteUrl = (site: SiteSettings, path: string): string =>
  /^https?:\/\//.test(path) ? path : `${site.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;

export const titleOf = (site: SiteSettings, title: string): string =>
  title === site.store.name ? title : `${title} | ${site.store.name}`;
