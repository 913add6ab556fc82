/**
 * The demo's pictures as the host has them. The demo data refers to them as /uploads/demo/<name>.webp
 * (fixtures/demo-image-names.ts), the path the real server serves them at, and the app may ask for a width of one,
 * <name>-320.webp (responsive-image.ts, the picture warm-up), which the server makes with sharp. A static demo has
 * only the originals, and a demo built for a sub-path (`DEMO_BASE=/threadline/ npm run build:demo`) has them at
 * <base>uploads/demo/<name>.webp, while the host may have nothing at /uploads. So this handler answers
 * /uploads/demo/<name>[-<w>].webp with the original under the base, fetched past MSW (bypass): the stored data,
 * the pictures uploaded in the demo admin (/uploads/<name>, handlers.ts) and the app's default slides need no
 * rewriting. At the root, the originals go straight to the host.
 */
import { bypass, http, type HttpHandler } from 'msw';
import { DEMO_IMAGE_PREFIX } from '#fixtures/demo-image-names';

const A_WIDTH = /-(?:320|640|960)(\.webp)$/;

/** The handler for a demo served under `base` (starts and ends with '/'). */
export function demoPictures(base: string): HttpHandler {
  return http.get(`*${DEMO_IMAGE_PREFIX}*`, ({ request }) => {
    const url = new URL(request.url);
    // The pattern's leading * also matches <base>uploads/demo/…, the file itself: let that one through.
    if (!url.pathname.startsWith(DEMO_IMAGE_PREFIX)) return undefined;
    const original = url.pathname.replace(A_WIDTH, '$1');
    if (base === '/' && original === url.pathname) return undefined;
    return fetch(bypass(new URL(`${base}${original.slice(1)}${url.search}`, url.origin)));
  });
}
