/**
 * The room `activity/`: the admin's activity log — entries (log.ts) and the field-by-field before and
 * after of a change (diff.ts).
 *
 * The activity log (issue 15): who changed what and when, newest first.
 *
 * Two sources make one list. Product and category writes (stock, images and imports are product writes)
 * carry their entry in the same durable write as the change (RowChange.log; the store keeps them, see
 * server/store/activity-book.ts). An order's status changes are already stored in the order itself,
 * with who and when (status_history, written in the order's own write), so their entries are read from
 * there rather than stored twice. Both are merged here into one list kept in order as writes land.
 */
import { LIMITS } from '#contract/limits';
import type {
  ActivityAction,
  ActivityChange,
  ActivityEntity,
  ActivityPage,
  ActivityQuery,
} from '#contract/schemas/activity';
import { ACTIVITY_LIMIT_DEFAULT } from '#contract/schemas/activity';
import type { User } from '#contract/schemas/user';
import type { Clock, Stores } from '../ports';
import type { StoredActivity, StoredOrder } from '../records';
import { SortedList } from '../structures/sorted-list';
import { changesBetween, type Values } from './diff';

/** Newest first; ties (one millisecond) broken by id, so every entry has one place. */
const newestFirst = (a: StoredActivity, b: StoredActivity): number =>
  a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/** The entries an order's status history stands for. */
function orderEntries(o: StoredOrder): StoredActivity[] {
  return o.status_history.map((h, i) => ({
    // Positions shift when a full history drops its oldest change; the id only has to be unique now.
    id: `order-${o.id}-${i}`,
    at: h.at,
    actor: { id: h.admin_id, name: h.admin_name },
    action: 'status',
    entity: 'order',
    entity_id: o.id,
    label: `Order #${o.id}`,
    changes: [{ field: 'status', before: h.from, after: h.to }],
  }));
}

let counter = 0;
/** Unique without a shared counter on disk: the time, a per-process counter and random bits. */
function newId(now: Date): string {
  const random = new Uint8Array(6);
  globalThis.crypto.getRandomValues(random);
  counter = (counter + 1) % 1_679_616;
  const hex = [...random].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${now.getTime().toString(36)}-${counter.toString(36)}-${hex}`;
}

export interface EntryInput {
  action: ActivityAction;
  entity: ActivityEntity;
  entityId: number | null;
  label: string;
  changes: ActivityChange[];
}

export function createActivity({ stores, clock }: { stores: Stores; clock: Clock }) {
  const list = new SortedList<StoredActivity>(newestFirst);
  const byOrder = new Map<number, StoredActivity[]>();
  const actors = new Map<number, string>();
  const add = (e: StoredActivity): void => {
    list.insert(e);
    actors.set(e.actor.id, e.actor.name);
  };
  const addOrder = (o: StoredOrder): void => {
    if (!o.status_history.length) return;
    const entries = orderEntries(o);
    byOrder.set(o.id, entries);
    entries.forEach(add);
  };
  const dropOrder = (id: number): void => {
    for (const e of byOrder.get(id) ?? []) list.delete(e);
    byOrder.delete(id);
  };

  // One sort at start rather than an insert per entry.
  const initial = [...stores.activity.all()];
  for (const o of stores.orders.all()) {
    if (!o.status_history.length) continue;
    const entries = orderEntries(o);
    byOrder.set(o.id, entries);
    initial.push(...entries);
  }
  list.reset(initial);
  for (const e of initial) actors.set(e.actor.id, e.actor.name);
  stores.activity.subscribe((entries) => entries.forEach(add));
  // Retention while the shop runs: the entries the store dropped leave the list (the orders' own stay with them).
  stores.activity.subscribeDropped?.((entries) => entries.forEach((e) => list.delete(e)));
  stores.orders.subscribe(({ put, removed }) => {
    for (const o of removed) if (byOrder.has(o.id)) dropOrder(o.id);
    for (const o of put) addOrder(o);
  });

  return {
    /** A new entry by `actor`, to hand to the table with the change it records. */
    entry(actor: User, input: EntryInput): StoredActivity {
      const now = clock.now();
      return {
        id: newId(now),
        at: now.toISOString(),
        actor: { id: actor.id, name: (actor.name || actor.email).slice(0, LIMITS.email) },
        action: input.action,
        entity: input.entity,
        entity_id: input.entityId,
        label: input.label.slice(0, LIMITS.title),
        // Bounded like the row schema, so an entry can always be stored and loaded again.
        changes: input.changes
          .slice(0, LIMITS.activityChanges)
          .map((c) =>
            c.field.length > LIMITS.activityField
              ? { ...c, field: c.field.slice(0, LIMITS.activityField) }
              : c,
          ),
      };
    },

    /**
     * The log of one kind of row: the entry of a write from `before` to `after` (absent: created or
     * deleted), or none when the write changed nothing the log shows.
     */
    rowLog<T extends { id: number }>(
      entity: ActivityEntity,
      show: { values: (row: T) => Values; label: (row: T) => string },
    ) {
      return (actor: User, before: T | undefined, after: T | undefined): StoredActivity[] => {
        const changes = changesBetween(before && show.values(before), after && show.values(after));
        if (!changes.length) return [];
        const row = (after ?? before)!;
        const action = !before ? 'create' : !after ? 'delete' : 'update';
        return [this.entry(actor, { action, entity, entityId: row.id, label: show.label(row), changes })];
      };
    },

    /** GET /admin/activity: a page, newest first, with the filters' total. */
    page(query: ActivityQuery): ActivityPage {
      const limit = query.limit ?? ACTIVITY_LIMIT_DEFAULT;
      const offset = ((query.page ?? 1) - 1) * limit;
      // The days bound a run of the list: entries are in time order.
      const end = query.to ? `${query.to}T23:59:59.999Z` : null;
      const start = query.from ? `${query.from}T00:00:00.000Z` : null;
      const first = end ? list.countWhile((e) => e.at > end) : 0;
      const last = start ? list.countWhile((e) => e.at >= start) : list.size;
      let items: StoredActivity[];
      let total: number;
      if (query.entity === undefined && query.actor === undefined) {
        total = Math.max(0, last - first);
        items = offset < total ? list.slice(first + offset, Math.min(last, first + offset + limit)) : [];
      } else {
        items = [];
        total = 0;
        for (const e of list.slice(first, Math.max(first, last))) {
          if (query.entity !== undefined && e.entity !== query.entity) continue;
          if (query.actor !== undefined && e.actor.id !== query.actor) continue;
          if (total >= offset && items.length < limit) items.push(e);
          total++;
        }
      }
      return {
        items,
        total,
        actors: [...actors]
          .map(([id, name]) => ({ id, name }))
          .sort((a, b) => a.name.localeCompare(b.name))
          .slice(0, LIMITS.activityActors),
      };
    },
  };
}

export type Activity = ReturnType<typeof createActivity>;
