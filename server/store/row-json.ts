/**
 * JSON text of a `{ seq, rows }` file with each row's text remembered. Rows are immutable values
 * (replace, never edit), so a row object always serialises to the same text: a WeakMap keyed by the
 * row keeps it, and rewriting a file costs one JSON.stringify per changed row plus a join, not a
 * stringify of the whole collection. The output is byte-for-byte what JSON.stringify would give.
 */
const rowText = new WeakMap<object, string>();

function textOf(row: unknown): string {
  if (row === null || typeof row !== 'object') return JSON.stringify(row) ?? 'null';
  let t = rowText.get(row);
  if (t === undefined) {
    t = JSON.stringify(row);
    rowText.set(row, t);
  }
  return t;
}

function isTableState(data: unknown): data is { seq: number; rows: unknown[] } {
  if (!data || typeof data !== 'object') return false;
  const keys = Object.keys(data);
  const d = data as { seq?: unknown; rows?: unknown };
  return (
    keys.length === 2 &&
    keys[0] === 'seq' &&
    keys[1] === 'rows' &&
    typeof d.seq === 'number' &&
    Array.isArray(d.rows)
  );
}

/** Same text as JSON.stringify(data); `{ seq, rows }` files reuse the text of unchanged rows. */
export function serializeData(data: unknown): string {
  if (!isTableState(data)) return JSON.stringify(data);
  return `{"seq":${JSON.stringify(data.seq)},"rows":[${data.rows.map(textOf).join(',')}]}`;
}

/** A row's JSON text: the remembered one when a file write already made it, else made without keeping it. */
export function rowJson(row: unknown): string {
  if (row !== null && typeof row === 'object') return rowText.get(row) ?? JSON.stringify(row);
  return JSON.stringify(row) ?? 'null';
}
