/**
 * The core's ports. Everything the use cases need from the outside world is one of these small
 * interfaces, so the same core runs in Node behind Koa (lowdb files, scrypt, fs images) and in a
 * browser inside MSW (memory tables, WebCrypto, in-memory images).
 */
import type {
  CountryRow,
  StateRow,
  StoredCategory,
  StoredNotification,
  StoredOrder,
  StoredProduct,
  StoredSession,
  StoredStockRequest,
  StoredUser,
  StoredWish,
} from './records';

export interface Row {
  id: number;
}

/** What a mutation hands back: the next rows (the same array when nothing changed) and its result. */
export interface Mutation<T extends Row, R> {
  rows: readonly T[];
  result: R;
}

/** What a row-level change hands back: rows to put (new or replacing the same id), ids to remove, its result. */
export interface RowChange<T extends Row, R> {
  put?: readonly T[];
  remove?: readonly number[];
  result: R;
}

/**
 * What one landed write changed, for indexes kept beside a table: `put` holds the new value of every
 * added or replaced row, `removed` the previous value of every replaced or deleted row.
 */
export interface Commit<T extends Row> {
  put: readonly T[];
  removed: readonly T[];
}

/**
 * One collection. Reads are synchronous and see only committed rows (both adapters keep the data in
 * memory). Changes run serialised per table: `fn` sees the committed rows plus the changes queued before
 * it, and the call resolves only once the write holding the change is durable (group commit: changes
 * queued while a write is in flight go out together in the next one). If that write fails every change
 * in it is dropped and the promises reject with DomainError('storage_unavailable'). Rows are immutable
 * values: replace, never edit.
 */
export interface Table<T extends Row> {
  all(): readonly T[];
  get(id: number): T | undefined;
  /** Whole-table form (seeding, rare bulk edits): costs O(rows) per call. */
  mutate<R>(fn: (rows: readonly T[], nextId: () => number) => Mutation<T, R>): Promise<R>;
  /** Row-level form for the hot paths: costs O(changed rows), whatever the size of the table. */
  change<R>(fn: (get: (id: number) => T | undefined, nextId: () => number) => RowChange<T, R>): Promise<R>;
  /** Called after each landed write; returns an unsubscribe function. */
  subscribe(listener: (commit: Commit<T>) => void): () => void;
}

export interface Stores {
  categories: Table<StoredCategory>;
  products: Table<StoredProduct>;
  users: Table<StoredUser>;
  sessions: Table<StoredSession>;
  /** Orders carry their items and idempotency key, so placing an order is one atomic shard write. */
  orders: Table<StoredOrder>;
  wishlist: Table<StoredWish>;
  stockRequests: Table<StoredStockRequest>;
  notifications: Table<StoredNotification>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

export interface TokenService {
  /** A fresh random opaque token, shown to the client once. */
  generate(): string;
  /** The form kept in the sessions store; a stolen data file yields no usable token. */
  hash(token: string): Promise<string>;
}

export interface ImageStorage {
  /** Stores bytes under `name` (content-hash names, so a repeat put is harmless). */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The public URL of a stored name, e.g. /uploads/<hash>.webp */
  urlOf(name: string): string;
}

export interface HtmlSanitizer {
  sanitize(html: string): string;
}

export interface Clock {
  now(): Date;
}

/** The country/province dataset, shipped with the app (no internet needed). */
export interface CountriesSource {
  countries(): readonly CountryRow[];
  statesOf(countryName: string): { country: CountryRow; states: readonly StateRow[] } | undefined;
}

export interface CoreDeps {
  stores: Stores;
  hasher: PasswordHasher;
  tokens: TokenService;
  images: ImageStorage;
  sanitizer: HtmlSanitizer;
  clock: Clock;
  countries: CountriesSource;
  /** Session lifetime; defaults to 7 days. */
  sessionTtlMs?: number;
  /** The store currency (3-letter code) for messages such as the order total limit; defaults to USD. */
  currency?: string;
}
