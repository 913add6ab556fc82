/** The site settings and the built shell the page tests render with (tests only). */
import type { SiteSettings } from './site';

export const TEST_SITE: SiteSettings = {
  publicUrl: 'https://shop.example',
  currency: 'EUR',
  store: {
    name: 'Threadline',
    tagline: 'Clothing',
    about: 'About',
    email: 'a@b.example',
    phones: ['1'],
    social: [],
  },
};

/** A built app's index.html; `build` names its script, as a new build's hash would. */
export const testShell = (build: string): string => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Threadline</title>
    <script type="module" crossorigin src="/assets/index-${build}.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
