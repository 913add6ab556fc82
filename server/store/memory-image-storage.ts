/** Images kept in a Map, for MSW: the mock serves /uploads/<name> from here through its own handler. */
import type { ImageStorage } from '#server/core/ports';

export interface MemoryImageStorage extends ImageStorage {
  read(name: string): { bytes: Uint8Array; contentType: string } | undefined;
  clear(): void;
}

export function createMemoryImageStorage(): MemoryImageStorage {
  const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  return {
    async put(name, bytes, contentType) {
      files.set(name, { bytes, contentType });
    },
    urlOf: (name) => `/uploads/${name}`,
    read: (name) => files.get(name),
    clear: () => files.clear(),
  };
}
