/**
 * The browser demo's backend: restored from IndexedDB when a saved demo is there, else seeded exactly
 * as the memory mock is (same admin, same generated catalogue) while every seeded row is saved. Only
 * browser.ts uses it; vitest keeps the memory backend of mock-store.ts. Layout: demo-db.ts.
 */
import type { DemoStore } from '#server/core/seed';
import type { DemoDb, DemoSnapshot } from './demo-db';
import { clearDemoDb, loadSnapshot, markReady, openDemoDb } from './demo-db';
import { demoStore } from './demo-source';
import type { MockBackend } from './mock-store';
import { buildMockBackend } from './mock-store';
import type { SaveSwitch } from './persisted-tables';
import { createPersistedImages, createPersistedStores, createSaveSwitch } from './persisted-tables';

export interface DemoBackendOptions {
  /** Database name (tests use their own). */
  dbName?: string;
  demo?: () => DemoStore;
  /** Called after each change that landed in the database (browser.ts tells the other tabs). */
  onSaved?: () => void;
}

// Only the newest backend may write: an older one (before a reset, or before another tab's change
// was reloaded) must not touch the newer data.
let active: { save: SaveSwitch; db: DemoDb } | undefined;

function takeOver(dbName: string | undefined): { save: SaveSwitch; db: DemoDb } {
  active?.save.stop();
  active?.db.close();
  return (active = { save: createSaveSwitch(), db: openDemoDb(dbName) });
}

async function seeded(
  { save, db }: { save: SaveSwitch; db: DemoDb },
  demo: DemoStore,
  onSaved: (() => void) | undefined,
): Promise<MockBackend> {
  await clearDemoDb(db).catch((e: unknown) => save.stop(e)); // no usable IndexedDB: seed in memory only
  const backend = await buildMockBackend(demo, {
    stores: createPersistedStores(db, save),
    images: createPersistedImages(db, save),
  });
  // Written last: a reload during the seed finds no marker and seeds again from scratch.
  if (save.on) await markReady(db).catch((e: unknown) => save.stop(e));
  // Other tabs hear of the seed once it is whole, never of its half-written rows.
  save.onSaved = onSaved;
  if (save.on) onSaved?.();
  return backend;
}

/** The saved demo if there is one, else a freshly seeded (and saved) one. Falls back to memory. */
export async function openDemoBackend(options: DemoBackendOptions = {}): Promise<MockBackend> {
  const target = takeOver(options.dbName);
  const { save, db } = target;
  const demo = (options.demo ?? demoStore)();
  let saved: DemoSnapshot | undefined;
  try {
    saved = await loadSnapshot(db);
  } catch (e) {
    save.stop(e); // no IndexedDB here (or it refuses): the demo runs in memory, as before
    return buildMockBackend(demo);
  }
  if (!saved) return seeded(target, demo, options.onSaved);
  save.onSaved = options.onSaved;
  return buildMockBackend(demo, {
    stores: createPersistedStores(db, save, saved),
    images: createPersistedImages(db, save, saved),
    restored: true,
  });
}

/** Throws the saved demo away and seeds it again: the state of a first start. */
export async function resetDemoBackend(options: DemoBackendOptions = {}): Promise<MockBackend> {
  return seeded(takeOver(options.dbName), (options.demo ?? demoStore)(), options.onSaved);
}
