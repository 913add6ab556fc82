/**
 * The activity log in memory (issue 15), for every adapter (files, memory, the demo's IndexedDB): every
 * entry whose write has landed, deduplicated by id. The tables feed it at commit (table.ts `onLog`) and
 * the on-disk adapter at open, from its journals and the archive (activity-archive.ts); the core reads
 * it through the ActivityLog port.
 */
import type { ActivityLog } from '#server/core/ports';
import type { StoredActivity } from '#server/core/records';
import { ACTIVITY_SCHEMA } from '#server/core/records';
import { fieldsOf } from './record-schemas';

export interface ActivityBook extends ActivityLog {
  /** Adds the entries not yet known (by id) and tells the subscribers about those. */
  add(entries: readonly StoredActivity[]): void;
  /**
   * Forgets the entries older than `cutoff` (an ISO time): retention, at open and then while the shop runs;
   * tells the `subscribeDropped` listeners which went, and returns how many.
   */
  prune(cutoff: string): number;
}

export function createActivityBook(): ActivityBook {
  let entries: StoredActivity[] = [];
  const ids = new Set<string>();
  type Listener = (entries: readonly StoredActivity[]) => void;
  const listeners = new Set<Listener>();
  const dropListeners = new Set<Listener>();
  const tell = (to: Set<Listener>, list: readonly StoredActivity[]) => {
    for (const l of to) {
      try {
        l(list);
      } catch (e) {
        console.error('[store] a subscriber of the activity log failed:', e);
      }
    }
  };
  return {
    all: () => entries,
    add(next) {
      const fresh = next.filter((e) => !ids.has(e.id));
      if (!fresh.length) return;
      for (const e of fresh) {
        ids.add(e.id);
        entries.push(e);
      }
      tell(listeners, fresh);
    },
    prune(cutoff) {
      const old = entries.filter((e) => e.at < cutoff);
      if (!old.length) return 0;
      for (const e of old) ids.delete(e.id);
      entries = entries.filter((e) => e.at >= cutoff);
      tell(dropListeners, old);
      return old.length;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    subscribeDropped(listener) {
      dropListeners.add(listener);
      return () => void dropListeners.delete(listener);
    },
  };
}

/** The entry rule for the tables (table.ts `checkLog`) and for every entry read back. */
export function activityFields(entry: unknown): Record<string, string> | null {
  return fieldsOf(ACTIVITY_SCHEMA, entry, 'entry');
}

/** Entries as read from a journal's `{"log":…}` ops: the ones that break the rule are reported and left out. */
export function checkedEntries(
  file: string,
  raw: readonly unknown[],
  report: (line: string) => void = (line) => console.error(line),
): StoredActivity[] {
  const out: StoredActivity[] = [];
  for (const value of raw) {
    const r = ACTIVITY_SCHEMA.safeParse(value);
    if (r.success) out.push(r.data);
    else
      report(
        `[store] ${file}: an activity entry cannot be loaded and is left out: ${JSON.stringify(value).slice(0, 200)}`,
      );
  }
  return out;
}
