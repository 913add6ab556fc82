/**
 * The room `structures/`: small generic data structures (this cache, the sorted list, id slots) that
 * import nothing of the core, so any room can use them.
 *
 * The one cache shape for anything a caller can make us remember (catalogue answers in the core, wire
 * bytes in the HTTP layer, compressed files and answers): least recently used out first (approximately,
 * see below), bounded by the total bytes of what it keeps AND by its number of entries, so neither many
 * small entries nor a few large ones can grow memory past the budget. With a `version` source, every
 * entry belongs to the version current when it was stored: once the source moves on (a catalogue
 * write), all of them are misses and are dropped at once, so stale answers are never served and hold
 * no memory.
 *
 * Recency is "second chance" (CLOCK): a hit only sets a flag, and eviction, walking from the oldest
 * entry, moves a flagged entry to the young end instead of dropping it. Moving every hit in the Map
 * (delete + set) costs about a microsecond in V8, paid on the hottest path of the server; the flag
 * costs nothing, and an entry read since it was last passed over is still never the one dropped.
 * Pure TypeScript (no Node APIs): the MSW mock runs the core in a browser.
 */

export interface CacheStats {
  entries: number;
  bytes: number;
}

export interface BoundedCacheOptions<K, V> {
  maxBytes: number;
  maxEntries: number;
  /** What the entry keeps alive, in bytes (its key included, when the key can be long). */
  sizeOf: (value: V, key: K) => number;
  /** Read on every access; a different number than at the last store empties the cache. */
  version?: () => number;
}

interface Slot<V> {
  value: V;
  size: number;
  /** Read since eviction last passed it. */
  used: boolean;
}

/** A JS string holds up to two bytes per UTF-16 unit; count the worst case so the budget is a bound. */
export const stringBytes = (s: string): number => 2 * s.length;

export class BoundedCache<K, V> {
  // A Map iterates in insertion order: oldest (or longest passed over) first.
  readonly #slots = new Map<K, Slot<V>>();
  readonly #options: BoundedCacheOptions<K, V>;
  #bytes = 0;
  #version: number | undefined;

  constructor(options: BoundedCacheOptions<K, V>) {
    if (!(options.maxEntries >= 1)) throw new RangeError('maxEntries must be at least 1');
    this.#options = options;
    this.#version = options.version?.();
  }

  get(key: K): V | undefined {
    this.#checkVersion();
    const slot = this.#slots.get(key);
    if (!slot) return undefined;
    slot.used = true;
    return slot.value;
  }

  /**
   * Stores (or re-measures, after the value grew) and marks most recently used. An entry larger than
   * the whole budget is not kept: false.
   */
  set(key: K, value: V): boolean {
    this.#checkVersion();
    this.delete(key);
    const size = this.#options.sizeOf(value, key);
    if (size > this.#options.maxBytes) return false;
    this.#slots.set(key, { value, size, used: false });
    this.#bytes += size;
    this.#evict(key);
    return true;
  }

  delete(key: K): boolean {
    const slot = this.#slots.get(key);
    if (!slot) return false;
    this.#slots.delete(key);
    this.#bytes -= slot.size;
    return true;
  }

  clear(): void {
    this.#slots.clear();
    this.#bytes = 0;
  }

  stats(): CacheStats {
    this.#checkVersion();
    return { entries: this.#slots.size, bytes: this.#bytes };
  }

  #checkVersion(): void {
    if (!this.#options.version) return;
    const now = this.#options.version();
    if (now === this.#version) return;
    this.#version = now;
    this.clear();
  }

  /** Never drops the newcomer: when every older entry was read, the oldest of them goes instead. */
  #evict(newcomer: K): void {
    const { maxBytes, maxEntries } = this.#options;
    // Ends: one pass clears every flag, and the newcomer alone fits both budgets (set, constructor).
    for (const [key, slot] of this.#slots) {
      if (this.#bytes <= maxBytes && this.#slots.size <= maxEntries) return;
      this.#slots.delete(key);
      if (slot.used || key === newcomer) {
        slot.used = false;
        this.#slots.set(key, slot); // visited again at the young end
      } else this.#bytes -= slot.size;
    }
  }
}
