/**
 * How each collection's rows (server/core/records.ts) map to the PostgreSQL tables of
 * pg-migrations/001-initial.sql: one column per field, money as integer cents, nested lists as jsonb
 * or arrays. Fields without a column (one a later version adds) ride in `extra`, so a row always comes
 * back exactly as it went in. Order items have a table of their own (pg-table.ts writes them).
 */
import { fromCents, toCents } from '#contract/rules/money';
import type { TableName } from '#server/core/ports';

interface Column {
  col: string;
  field: string;
  /** The SQL type a parameter is cast to. */
  sql: string;
  /** cents: a price held as integer cents; json: a jsonb value. */
  kind?: 'cents' | 'json' | 'number';
  /** An optional field: SQL NULL reads back as the field being absent (not as null). */
  optional?: boolean;
}

export interface Codec {
  name: TableName;
  table: string;
  columns: readonly Column[];
  /** Fields kept elsewhere (order items). */
  skip?: readonly string[];
}

const c = (col: string, sql: string, more: Partial<Column> = {}): Column => ({ col, field: col, sql, ...more });
const id = c('id', 'bigint', { kind: 'number' });
const text = (col: string, more: Partial<Column> = {}) => c(col, 'text', more);
const big = (col: string, more: Partial<Column> = {}) => c(col, 'bigint', { kind: 'number', ...more });

export const CODECS: { [K in TableName]: Codec } = {
  categories: { name: 'categories', table: 'categories', columns: [id, text('name'), text('slug'), text('image')] },
  products: {
    name: 'products',
    table: 'products',
    columns: [
      id,
      text('title'),
      text('short_description'),
      text('description'),
      text('sku'),
      text('featured_image'),
      c('images', 'jsonb', { kind: 'json' }),
      c('regular_price_cents', 'bigint', { field: 'regular_price', kind: 'cents' }),
      c('sale_price_cents', 'bigint', { field: 'sale_price', kind: 'cents' }),
      c('category_ids', 'bigint[]'),
      c('sizes', 'text[]'),
      c('colors', 'text[]'),
      c('collections', 'text[]'),
      text('created_at'),
      c('inventory', 'jsonb', { kind: 'json', optional: true }),
    ],
  },
  users: {
    name: 'users',
    table: 'users',
    columns: [
      id,
      text('name'),
      text('email'),
      text('phone'),
      c('is_admin', 'smallint', { kind: 'number' }),
      text('password_hash'),
      text('created_at'),
      text('sessions_revoked_at', { optional: true }),
      big('kept_session_id', { optional: true }),
    ],
  },
  sessions: {
    name: 'sessions',
    table: 'sessions',
    columns: [id, big('user_id'), text('token_hash'), text('created_at'), text('expires_at')],
  },
  orders: {
    name: 'orders',
    table: 'orders',
    columns: [
      id,
      big('user_id'),
      text('name'),
      text('email'),
      c('total_cents', 'bigint', { field: 'total', kind: 'cents' }),
      text('payment_method'),
      text('status'),
      text('created_at'),
      text('shipping_address'),
      c('status_history', 'jsonb', { kind: 'json' }),
      text('idempotency_key'),
      text('request_hash', { optional: true }),
    ],
    skip: ['items'],
  },
  wishlist: {
    name: 'wishlist',
    table: 'wishlist',
    columns: [id, big('user_id'), big('product_id'), text('created_at')],
  },
  stockRequests: {
    name: 'stockRequests',
    table: 'stock_requests',
    columns: [id, big('user_id'), big('product_id'), text('size'), text('color'), text('created_at')],
  },
  notifications: {
    name: 'notifications',
    table: 'notifications',
    columns: [
      id,
      big('user_id'),
      big('product_id'),
      text('product_title'),
      text('size'),
      text('color'),
      text('created_at'),
      c('read', 'boolean'),
    ],
  },
};

/** The row's parameters in column order, then `extra`. */
export function rowParams(codec: Codec, row: Record<string, unknown>): unknown[] {
  const mapped = new Set([...codec.columns.map((col) => col.field), ...(codec.skip ?? [])]);
  const out = codec.columns.map((col) => {
    const v = row[col.field];
    if (v === undefined || v === null) return null;
    if (col.kind === 'cents') return toCents(v as number);
    if (col.kind === 'json') return JSON.stringify(v);
    return v;
  });
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!mapped.has(k) && v !== undefined) extra[k] = v;
  out.push(JSON.stringify(extra));
  return out;
}

/** A row as the core stores it, from a result row (int8 already read as numbers, see pg-store.ts). */
export function rowOf<T>(codec: Codec, r: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const col of codec.columns) {
    const v = r[col.col];
    if (v === null || v === undefined) {
      if (!col.optional) row[col.field] = null;
      continue;
    }
    row[col.field] = col.kind === 'cents' ? fromCents(Number(v)) : col.kind === 'number' ? Number(v) : v;
  }
  Object.assign(row, r.extra as Record<string, unknown>);
  return row as T;
}

/** `INSERT … VALUES (…), (…) ON CONFLICT (id) DO UPDATE` for `count` rows, with `version` as the last column. */
export function upsertSql(codec: Codec, count: number): string {
  const cols = [...codec.columns.map((col) => col.col), 'extra', 'version'];
  const types = [...codec.columns.map((col) => col.sql), 'jsonb', 'bigint'];
  const per = cols.length;
  const rows = Array.from(
    { length: count },
    (_, r) => `(${types.map((t, i) => `$${r * per + i + 1}::${t}`).join(', ')})`,
  );
  const updates = cols.filter((col) => col !== 'id').map((col) => `${col} = EXCLUDED.${col}`);
  return `INSERT INTO ${codec.table} (${cols.join(', ')}) VALUES ${rows.join(', ')} ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
export const rowsPerStatement = (codec: Codec): number => Math.floor(30_000 / (codec.columns.length + 2));
