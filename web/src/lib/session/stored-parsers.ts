import type { Cart, ShippingAddress } from '#contract/schemas/cart';
import type { User } from '#contract/schemas/user';

/**
 * What the browser kept between visits (user, cart and shipping cookies) is checked with the contract's
 * schemas before use. Those schemas bring zod, which stays out of the first load of `/`: boot (main.tsx)
 * awaits loadStoredParsers() before the first render only when something was kept, so a first visit
 * renders without zod. Until they are loaded a stored value counts as corrupt (the atoms' fallback).
 */
export interface StoredParsers {
  user(v: unknown): User;
  cart(v: unknown): Cart;
  shipping(v: unknown): ShippingAddress;
}

let loaded: StoredParsers | null = null;

export async function loadStoredParsers(): Promise<void> {
  loaded ??= (await import('./stored-schemas')).storedParsers;
}

export function parseStored<K extends keyof StoredParsers>(
  kind: K,
  v: unknown,
): ReturnType<StoredParsers[K]> {
  if (!loaded) throw new Error('stored-state schemas not loaded');
  return loaded[kind](v) as ReturnType<StoredParsers[K]>;
}
