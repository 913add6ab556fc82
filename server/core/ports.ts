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
  StoredActivity,
  StoredProduct,
  StoredSession,
  StoredStockRequest,
  StoredUser,
  StoredWish,
  MailDraft,
  StoredMail,
} from './records';
import type { EndpointName } from '#contract/endpoints';
import type { User } from '#contract/schemas/user';

export interface Row {
  id: number;
}

/** What a mutation hands back: the next rows (the same array when nothing changed) and its result. */
export interface Mutation<T extends Row, R> {
  rows: readonly T[];
  result: R;
  /** Activity entries recorded in the same durable write as the change (the admin's writes). */
  log?: readonly StoredActivity[];
  /** Mails the change causes, written in the same durable write (issue 26). */
  mail?: readonly MailDraft[];
}

/** What a row-level change hands back: rows to put (new or replacing the same id), ids to remove, its result. */
export interface RowChange<T extends Row, R> {
  put?: readonly T[];
  remove?: readonly number[];
  result: R;
  /** Activity entries recorded in the same durable write as the change (the admin's writes). */
  log?: readonly StoredActivity[];
  /** Mails the change causes, written in the same durable write (issue 26). */
  mail?: readonly MailDraft[];
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
  /**
   * A shared store (PostgreSQL, several instances): resolves once the rows other instances wrote have
   * been read in. A store of its own has nothing to read and resolves at once.
   */
  refresh?(): Promise<void>;
}

/**
 * The activity log (issue 15): every entry whose write has landed, in landing order. Entries are
 * written by the tables, inside the write of the change they record (RowChange.log), so there is no
 * append of its own here.
 */
export interface ActivityLog {
  all(): readonly StoredActivity[];
  /** Called with the entries of each landed write; returns an unsubscribe function. */
  subscribe(listener: (entries: readonly StoredActivity[]) => void): () => void;
  /**
   * Called with the entries retention (ACTIVITY_RETENTION_DAYS) dropped while the shop runs, so readers drop
   * them too; adapters without retention need not offer it. Returns an unsubscribe function.
   */
  subscribeDropped?(listener: (entries: readonly StoredActivity[]) => void): () => void;
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
  activity: ActivityLog;
  /**
   * The counters of the request budgets and the sign-in brake. Absent: kept in this process's memory
   * (one server per data folder). The PostgreSQL store shares them, so N instances do not give N budgets.
   */
  throttles?: ThrottleStore;
  /**
   * The mail outbox (issue 26): every mail with its delivery state. Mails reach it from the write of the
   * change that caused them (RowChange.mail), so a store without it cannot take such changes and the core
   * then queues none.
   */
  mail?: Table<StoredMail>;
}

/** The collections of rows (every store but the activity log and the throttles). */
export type TableName = Exclude<keyof Stores, 'activity' | 'throttles' | 'mail'>;
export const TABLE_NAMES: readonly TableName[] = [
  'categories',
  'products',
  'users',
  'sessions',
  'orders',
  'wishlist',
  'stockRequests',
  'notifications',
];

/** What an update of one throttle key decides: the next value (undefined: forget the key) and the answer. */
export interface ThrottleStep<V, R> {
  next: V | undefined;
  /** When the next value may be forgotten (ms since the epoch). */
  expiresAt: number;
  result: R;
}

/**
 * Which budget an update counts for: the sign-in brake, or the request budget of one endpoint. A shared
 * store bounds each kind on its own, so a flood of one kind (sign-ins) cannot starve another (orders).
 */
export type ThrottleKind = 'sign-in' | EndpointName;

export interface ThrottleOptions {
  kind: ThrottleKind;
  /** Finishes what an admitted call started (a sign-in's outcome): never refused. */
  settle?: boolean;
}

/**
 * Small JSON values under short keys, each updated atomically: `step` sees the current value (undefined
 * when absent or expired) and decides the next. Bounded: expired keys are swept, and the memory
 * implementation drops its longest-idle keys past a cap (forgetting counts, never refusing anyone).
 */
export interface ThrottleStore {
  /**
   * May refuse with a 429 "busy" when too many updates of the same kind wait (a shared store's bound on
   * a flood), except with `settle`.
   */
  update<V, R>(
    key: string,
    step: (current: V | undefined, now: number) => ThrottleStep<V, R>,
    options: ThrottleOptions,
  ): Promise<R>;
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

/**
 * CSV text in and out (issue 15), behind a port so the core stays free of libraries: the adapter
 * (server/store/csv-codec.ts) uses csv-parse and csv-stringify in Node and in the browser demo alike.
 */
export interface CsvCodec {
  /** Records of cells; a malformed file throws DomainError('bad_request') naming the line. */
  parse(text: string): string[][];
  /**
   * The same records of a long text, read in slices that give the event loop back between them, and
   * bounded before anything large is built: reading stops after `maxRecords` records; a first record
   * wider than `maxCells` cells comes back alone, cut to maxCells + 1 cells; a later record wider than
   * the first is refused as malformed as soon as its extra cell is read.
   */
  readRecords(text: string, bounds: { maxCells: number; maxRecords: number }): Promise<string[][]>;
  /** The records as RFC 4180 text (CRLF line ends, quotes only where needed). */
  stringify(records: readonly (readonly string[])[]): string;
}

export interface CoreDeps {
  stores: Stores;
  hasher: PasswordHasher;
  tokens: TokenService;
  images: ImageStorage;
  sanitizer: HtmlSanitizer;
  clock: Clock;
  countries: CountriesSource;
  csv: CsvCodec;
  /** Session lifetime; defaults to 7 days. */
  sessionTtlMs?: number;
  /** The store currency (3-letter code) for messages such as the order total limit; defaults to USD. */
  currency?: string;
  /** What mails are built with (issue 26); without it (or without stores.mail) no mail is queued. */
  mail?: MailSettings;
}

/** Trusted settings for mails: links start with publicUrl, never with a request's Host header. */
export interface MailSettings {
  /** e.g. https://shop.example, without a trailing slash. */
  publicUrl: string;
  store: {
    name: string;
    email: string;
    currency: string;
    showroom: string;
    whatsapp: string;
    phones: readonly string[];
  };
  /** ORDER_ALERTS_TO; empty: every administrator's e-mail. */
  alertsTo: readonly string[];
  /** SMTP_URL is set: mails are queued for the sender; otherwise they are kept in the mailbox. */
  delivering: boolean;
}

/** Who is calling: a signed-in user and the session the token belongs to. */
export interface Principal {
  user: User;
  sessionId: number;
}
