/**
 * How the service worker answers a page navigation (issue 28): network first, so a shopper online gets the
 * server's page (its own head, canonical and JSON-LD, and the rendered body once the server renders it), and
 * the precached app shell when that answer does not come in time, does not come at all, or is not usable, so
 * everything that worked offline still does (the shell renders from the offline copy of the catalogue).
 *
 * The shell, not the network, also when:
 * - the server fails (5xx): the shell renders the page from the API or the offline copy;
 * - the page comes from another build than the worker's (a deploy happened): its scripts are not the ones the
 *   worker precached, and the worker keeps serving its own version until the shopper presses Reload in the
 *   update prompt (web/src/lib/pwa.ts). The build is told by the entry script in the page's <head> (a
 *   content-hashed file name), read from the first bytes of the answer; the rest streams through as it comes.
 * Redirects and answers that are not HTML pass through untouched. Plain functions, no workbox: sw.ts wires
 * them to the precache, and the unit tests drive them with fake fetches.
 */
export const NAVIGATION_TIMEOUT_MS = 3000;

/**
 * Navigations the worker leaves to the browser (NavigationRoute matches them against the path and query):
 * the API, the pictures, robots.txt and the sitemaps are not pages of the app, and must never be answered
 * with its shell.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api(\/|\?|$)/,
  /^\/uploads\//,
  /^\/robots\.txt(\?|$)/,
  /^\/sitemap(-[^/?]*)?\.xml(\?|$)/,
];

/** How much of a page is read, at most, looking for the end of its <head>. */
const HEAD_LIMIT = 64 * 1024;

export interface NavigationDeps {
  /** The network (the worker's fetch). */
  fetch: (request: Request) => Promise<Response>;
  /** A fresh copy of the precached app shell (index.html), undefined when it is missing. */
  shell: () => Promise<Response | undefined>;
  /** Headers and the page's <head> must arrive within this; afterwards the shell answers. */
  timeoutMs?: number;
}

/** The module entry script a page loads, e.g. /assets/index-3f2a1b.js: which build the page belongs to. */
export function entryScriptOf(html: string): string | null {
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (!/\btype\s*=\s*["']?module\b/i.test(tag)) continue;
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (src) return src;
  }
  return null;
}

class TimedOut extends Error {}

function deadline(ms: number): { promise: Promise<never>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  promise.catch(() => undefined);
  return { promise, clear: () => clearTimeout(timer) };
}

/** Reads the answer until the end of its <head> (or HEAD_LIMIT, or the end); returns that text and the chunks. */
async function readHead(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<{ text: string; chunks: Uint8Array[]; done: boolean }> {
  const decoder = new TextDecoder();
  const chunks: Uint8Array[] = [];
  let text = '';
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { text: text + decoder.decode(), chunks, done: true };
    chunks.push(value);
    size += value.byteLength;
    text += decoder.decode(value, { stream: true });
    if (/<\/head\s*>/i.test(text) || size >= HEAD_LIMIT) return { text, chunks, done: false };
  }
}

/** The answer again, with the chunks already read in front of what is still to come. */
function rebuilt(
  res: Response,
  chunks: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** The precached shell's entry script, read once per worker (the precache never changes under a worker). */
function shellBuildOf(deps: NavigationDeps): () => Promise<string | null> {
  let build: Promise<string | null> | undefined;
  return () =>
    (build ??= deps
      .shell()
      .then(async (res) => (res ? entryScriptOf(await res.text()) : null))
      .catch(() => null));
}

export function createNavigationHandler(deps: NavigationDeps) {
  const timeoutMs = deps.timeoutMs ?? NAVIGATION_TIMEOUT_MS;
  const shellBuild = shellBuildOf(deps);

  /** The network's page when it is usable in time; else null, or a server error to show if there is no shell. */
  async function fromNetwork(
    request: Request,
    until: Promise<never>,
  ): Promise<{ page: Response | null; error?: Response }> {
    const res = await Promise.race([deps.fetch(request), until]);
    if (res.type === 'opaqueredirect') return { page: res };
    if (res.status >= 500) return { page: null, error: res };
    if (!/^text\/html\b/i.test(res.headers.get('content-type') ?? '') || !res.body) return { page: res };
    const reader = res.body.getReader();
    const head = await Promise.race([readHead(reader), until]).catch(async (e: unknown) => {
      await reader.cancel().catch(() => undefined);
      throw e;
    });
    const [mine, theirs] = [await shellBuild(), entryScriptOf(head.text)];
    if (mine && theirs && mine !== theirs) {
      await reader.cancel().catch(() => undefined);
      return { page: null };
    }
    return { page: rebuilt(res, head.chunks, reader) };
  }

  return async function answerNavigation(request: Request): Promise<Response> {
    const until = deadline(timeoutMs);
    let network: { page: Response | null; error?: Response } = { page: null };
    let failure: unknown = null;
    try {
      network = await fromNetwork(request, until.promise);
    } catch (e) {
      failure = e;
    } finally {
      until.clear();
    }
    if (network.page) return network.page;
    const shell = await deps.shell();
    if (shell) return shell;
    if (network.error) return network.error;
    throw failure instanceof Error ? failure : new Error('No network answer and no app shell');
  };
}
