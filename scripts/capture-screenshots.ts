/**
 * Captures the manifest's store screenshots (public/screenshots/) from a running server:
 * `node --import tsx scripts/capture-screenshots.ts http://127.0.0.1:3000`. Committed PNGs; rerun when the
 * home page changes a lot. Narrow 375 x 812 (phone) and wide 1280 x 800 (desktop), as pwa.config.ts declares.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = new URL('../public/screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
for (const [name, width, height] of [
  ['home-narrow', 375, 812],
  ['home-wide', 1280, 800],
] as const) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(base, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  // Palette PNGs: a third of the size, and the install sheet shows them small anyway.
  const png = await page.screenshot();
  await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(`${out}${name}.png`);
  console.log(`public/screenshots/${name}.png`);
  await page.close();
}
await browser.close();
