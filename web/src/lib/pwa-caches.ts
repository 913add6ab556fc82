/** The picture cache the service worker fills (web/src/sw.ts) and the catalogue sync warms for offline listings. */
export const IMAGE_CACHE = 'threadline-images';
export const IMAGE_CACHE_LIMITS = { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;
