/**
 * Each product's last change, for the sitemap's <lastmod>. Product rows carry only `created_at`; every
 * admin write of a product (form, pictures, stock, delete) and every CSV import already leaves an
 * activity entry in the same durable write (server/core/activity/log.ts), on lowdb and PostgreSQL
 * alike. So the last change is the newest of the row's creation and the activity entries naming it:
 * `entity_id` for a single write, the `#<id>` fields of an import's entry. An entry dropped by
 * ACTIVITY_RETENTION_DAYS falls back to the creation date (a sitemap's lastmod is a hint, never later
 * than the truth). Kept current by the activity log's own subscription; the list is rebuilt once per
 * catalogue version.
 */
import type { Stores } from '#server/core/ports';
import type { StoredActivity } from '#server/core/records';

const IMPORT_FIELD = /^#(\d+)(?:\s|$)/;

export function createProductStamps(stores: Pick<Stores, 'products' | 'activity'>) {
  const changed = new Map<number, string>();
  const note = (id: number, at: string): void => {
    const prev = changed.get(id);
    if (prev === undefined || at > prev) changed.set(id, at);
  };
  const take = (entries: readonly StoredActivity[]): void => {
    for (const e of entries) {
      if (e.entity !== 'product') continue;
      if (e.entity_id !== null) note(e.entity_id, e.at);
      else
        for (const c of e.changes) {
          const m = IMPORT_FIELD.exec(c.field);
          if (m) note(Number(m[1]), e.at);
        }
    }
  };
  take(stores.activity.all());
  stores.activity.subscribe(take);
  return {
    all(): Array<{ id: number; lastmod: string }> {
      return stores.products
        .all()
        .map((p) => {
          const at = changed.get(p.id);
          return { id: p.id, lastmod: at && at > p.created_at ? at : p.created_at };
        })
        .sort((a, b) => a.id - b.id);
    },
  };
}
