import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

export * from '@playwright/test';

/**
 * Every spec's `test` and `expect` (import them from here, not from '@playwright/test'). The shop pages come
 * rendered from the server (issue 28): a click before React has hydrated them is the browser's own (a link
 * loads a whole page, a radio checks without the app knowing). The app marks the moment it can be used on
 * `<html data-hydrated>` (web/src/lib/hydrated-mark.ts); here every page's `goto`, `reload`, `goBack` and
 * `goForward` wait for that mark, in the test's own page and in every page of a context a spec opens itself
 * (browser.newContext, or watchContext for a persistent one). A document that is not the app (no #root: an API
 * answer, a file) or a navigation asked to return at `commit` is not waited for; nor is a context with
 * JavaScript off (nothing hydrates there).
 */
export const HYDRATED = 'html[data-hydrated]';

const HYDRATION_TIMEOUT_MS = 20_000;

/** Waits until the page's document is the hydrated app, or is no app page at all. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getElementById('root') === null || document.documentElement.dataset.hydrated !== undefined,
    undefined,
    { timeout: HYDRATION_TIMEOUT_MS },
  );
}

type NavOptions = { waitUntil?: 'load' | 'domcontentloaded' | 'networkidle' | 'commit' } | undefined;

const wrapped = new WeakSet<Page>();

function wrapPage(page: Page): void {
  if (wrapped.has(page)) return;
  wrapped.add(page);
  const then = async <R>(nav: Promise<R>, options: NavOptions): Promise<R> => {
    const res = await nav;
    if (options?.waitUntil !== 'commit') await waitForHydration(page);
    return res;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  page.goto = (url, options) => then(goto(url, options), options);
  page.reload = (options) => then(reload(options), options);
  page.goBack = (options) => then(goBack(options), options);
  page.goForward = (options) => then(goForward(options), options);
}

/** Makes every page of `context` (open now or later) wait for hydration after its navigations. */
export function watchContext(context: BrowserContext): void {
  for (const page of context.pages()) wrapPage(page);
  context.on('page', wrapPage);
}

const patched = new WeakSet<Browser>();

function patchBrowser(browser: Browser): void {
  if (patched.has(browser)) return;
  patched.add(browser);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled !== false) watchContext(context);
    return context;
  };
}

/**
 * The `request` fixture asks the server to close each connection after its answer. Playwright's request context
 * keeps sockets alive; a spec that waits longer than the server's keep-alive timeout (5 s) between two of its calls
 * (an offline journey does) could send the next call on a socket the server is closing at that very moment, and
 * get `socket hang up` (ECONNRESET) for a request the server never saw.
 */
const ONE_REQUEST_PER_CONNECTION = { Connection: 'close' };

export const test = base.extend<object, object>({
  request: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: ONE_REQUEST_PER_CONNECTION });
    await use(request);
    await request.dispose();
  },
  browser: [
    async ({ browser }, use) => {
      patchBrowser(browser);
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) watchContext(context);
    await use(context);
  },
});
