import { describe, expect, it } from 'vitest';
import { strayUploadNames } from '#server/test/stray-uploads';
import { demoPictureOf, parseUploadName } from './upload-names';

const hash = 'ab12'.repeat(16);

describe('upload names', () => {
  it('accepts originals, demo pictures and one width of either', () => {
    expect(parseUploadName(`${hash}.png`)).toEqual({ kind: 'original', path: `${hash}.png` });
    expect(parseUploadName('demo/product-tee-navy-front.webp')?.kind).toBe('original');
    expect(parseUploadName(`${hash}-640.webp`)).toEqual({
      kind: 'variant',
      path: `${hash}-640.webp`,
      width: 640,
      sources: ['png', 'jpg', 'webp', 'gif'].map((ext) => `${hash}.${ext}`),
    });
    expect(parseUploadName('demo/hero-modern-streetwear-320.webp')).toEqual({
      kind: 'variant',
      path: 'demo/hero-modern-streetwear-320.webp',
      width: 320,
      sources: ['demo/hero-modern-streetwear.webp'],
    });
  });

  it('never names a width of a width, so at most three files can be made per original', () => {
    for (const rel of [
      `${hash}-320-640.webp`,
      `${hash}-320-320.webp`,
      'demo/shirt-320-640.webp',
      'demo/shirt-960-960-960.webp',
      // A demo name ending in a width would make its own widths look like originals.
      'demo/shirt-320.png',
    ])
      expect(parseUploadName(rel), rel).toBeNull();
  });

  it('refuses everything else: other widths and types, case, escapes, dots, temp files, folders', () => {
    for (const rel of [
      '',
      'demo/',
      'x.webp',
      `${hash}`,
      `${hash}.jpeg`,
      `${hash}.svg`,
      `${hash.slice(1)}.png`,
      `${hash}-500.webp`,
      `${hash}-0320.webp`,
      `${hash}-320.png`,
      `${hash}-320.WEBP`,
      ...strayUploadNames(hash),
      'demo/Shirt.webp',
      'demo/-shirt.webp',
      'demo/shirt--x.webp',
      'demo/sub/shirt.webp',
      'demo/..%2Fx.webp',
      `%61${hash.slice(1)}.png`,
      '../users.json',
      `demo/${'a'.repeat(200)}.webp`,
    ])
      expect(parseUploadName(rel), rel).toBeNull();
  });
});

describe('demo pictures', () => {
  it('names the demo picture a name is, or is a width of; uploads are none', () => {
    const name = (rel: string) => {
      const parsed = parseUploadName(rel);
      if (!parsed) throw new Error(rel);
      return demoPictureOf(parsed);
    };
    expect(name('demo/product-tee-navy-front.webp')).toBe('product-tee-navy-front');
    expect(name('demo/hero-modern-streetwear-640.webp')).toBe('hero-modern-streetwear');
    expect(name(`${hash}.png`)).toBeNull();
    expect(name(`${hash}-320.webp`)).toBeNull();
  });
});
