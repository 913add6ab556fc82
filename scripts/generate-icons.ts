/**
 * Renders the app icons from one SVG logo (the header's round "T" mark on the brand colour) with sharp:
 * `node --import tsx scripts/generate-icons.ts`. The PNGs are committed under public/icons/, so builds
 * never depend on this script; run it again only when the logo changes.
 * The maskable icon keeps the mark inside the central 80 % safe zone, since launchers crop it to any shape.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const BRAND = '#1f2a37';
const INK = '#ffffff';
const ACCENT = '#b4532a';

/** The serif T and a stitched thread under it, drawn in a 100 x 100 box (no fonts needed). */
const MARK = `
  <path fill="${INK}" d="M26 26h48v14h-4.5l-2.5-7H55v36l6 2.5V75H39v-3.5l6-2.5V33H33l-2.5 7H26z"/>
  <path fill="none" stroke="${ACCENT}" stroke-width="3.2" stroke-linecap="round" stroke-dasharray="5 4"
        d="M24 84c14-7 38-7 52 0"/>`;

function logo(size: number, opts: { round: boolean; scale: number }): string {
  const inset = (100 - 100 * opts.scale) / 2;
  const bg = opts.round
    ? `<circle cx="50" cy="50" r="50" fill="${BRAND}"/>`
    : `<rect width="100" height="100" fill="${BRAND}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  ${bg}<g transform="translate(${inset} ${inset}) scale(${opts.scale})">${MARK}</g></svg>`;
}

const out = new URL('../public/icons/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const icons: Array<[string, number, { round: boolean; scale: number }]> = [
  ['icon-192.png', 192, { round: false, scale: 1 }],
  ['icon-512.png', 512, { round: false, scale: 1 }],
  ['maskable-512.png', 512, { round: false, scale: 0.72 }],
  ['apple-touch-icon-180.png', 180, { round: false, scale: 0.9 }],
];
for (const [name, size, opts] of icons) {
  await sharp(Buffer.from(logo(size, opts)))
    .png({ compressionLevel: 9 })
    .toFile(`${out}${name}`);
  console.log(`public/icons/${name}`);
}
writeFileSync(new URL('../public/favicon.svg', import.meta.url), logo(64, { round: true, scale: 1 }));
console.log('public/favicon.svg');
