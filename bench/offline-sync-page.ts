/**
 * The page side of the offline-sync bench (offline-sync.ts): reading the app's IndexedDB with the bare
 * API, waiting for a condition, timing an in-app navigation until the expected cards are on screen,
 * and the long tasks the page recorded (its init script fills window.__longTasks).
 */
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __longTasks?: Array<{ start: number; duration: number }>;
    __syncStartedAt?: number;
  }
}

/** The complete-copy row of the app's IndexedDB, read with the bare API (null until written). */
export function readCatalogueMeta(
  page: Page,
): Promise<{ syncedAt: number; total: number; complete: boolean } | null> {
  return page.evaluate(
    () =>
      new Promise((resolvePromise) => {
        const open = indexedDB.open('threadline-catalogue');
        open.onerror = () => resolvePromise(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('meta')) {
            db.close();
            resolvePromise(null);
            return;
          }
          const get = db.transaction('meta').objectStore('meta').get('catalogue');
          get.onsuccess = () => {
            db.close();
            const row = get.result as { syncedAt: number; total: number; complete: boolean } | undefined;
            resolvePromise(row?.complete ? row : null);
          };
          get.onerror = () => resolvePromise(null);
        };
      }),
  );
}

/** Waits for the page's complete catalogue copy; answers it with navigation start -> its write (syncedAt). */
export async function awaitCompleteCopy(
  page: Page,
  what: string,
): Promise<{ syncMs: number; total: number }> {
  const meta = await waitFor(what, () => readCatalogueMeta(page), 180_000);
  return { syncMs: meta.syncedAt - (await page.evaluate(() => performance.timeOrigin)), total: meta.total };
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | false>,
  timeoutMs: number,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`offline-sync: ${what} not seen within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Navigate in the app (what a link does) and time it until the expected titles are on screen. */
export function timeListing(
  page: Page,
  path: string | null,
  titles: string[],
  featured: string[],
): Promise<number> {
  return page.evaluate(
    async ({ path, titles, featured }) => {
      const shown = (sel: string) => [...document.querySelectorAll(sel)].map((e) => e.textContent ?? '');
      const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
      // A featured link's text holds its picture's text, its title and its price.
      const holdsSame = (a: string[], b: string[]) =>
        a.length === b.length && a.every((x, i) => x.includes(b[i]!));
      const ready = () =>
        same(shown('section[aria-labelledby="results-heading"] article h3'), titles) &&
        (featured.length === 0 ||
          holdsSame(shown('section[aria-labelledby="aside-featured"] a[href^="/product/"]'), featured));
      // path null: the page was just loaded, timed from its navigation start.
      const t0 = path === null ? 0 : performance.now();
      if (path !== null) {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }
      await new Promise<void>((done, fail) => {
        const timer = setTimeout(() => {
          observer.disconnect();
          fail(
            new Error(
              `${path} did not show its listing within 30 s: ${JSON.stringify({
                cards: shown('section[aria-labelledby="results-heading"] article h3'),
                featured: shown('section[aria-labelledby="aside-featured"] a[href^="/product/"]'),
                titles,
                expectedFeatured: featured,
              })}`,
            ),
          );
        }, 30_000);
        const check = () => {
          if (!ready()) return;
          observer.disconnect();
          clearTimeout(timer);
          done();
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        check();
      });
      await new Promise((r) => requestAnimationFrame(r));
      return performance.now() - t0;
    },
    { path, titles, featured },
  );
}

export const longTasksSince = (page: Page, from: number, to = Infinity) =>
  page.evaluate(({ from, to }) => (window.__longTasks ?? []).filter((t) => t.start >= from && t.start < to), {
    from,
    to,
  });
