import { describe, expect, it } from 'vitest';
import { pictureFallbacks } from './picture-fallback';

const origin = 'https://shop.test';
const hash = 'ab12'.repeat(16);
const paths = (url: string) => pictureFallbacks(`${origin}${url}`).map((u) => u.replace(origin, ''));

describe('offline picture fallbacks', () => {
  it('answers a width with the 320 first, then the nearest other width, then the originals', () => {
    expect(paths(`/uploads/${hash}-960.webp`)).toEqual([
      `/uploads/${hash}-320.webp`,
      `/uploads/${hash}-640.webp`,
      ...['webp', 'png', 'jpg', 'jpeg', 'gif'].map((ext) => `/uploads/${hash}.${ext}`),
    ]);
    expect(paths('/uploads/demo/product-tee-navy-front-640.webp').slice(0, 2)).toEqual([
      '/uploads/demo/product-tee-navy-front-320.webp',
      '/uploads/demo/product-tee-navy-front-960.webp',
    ]);
    expect(paths('/uploads/demo/hero-x-320.webp').slice(0, 2)).toEqual([
      '/uploads/demo/hero-x-640.webp',
      '/uploads/demo/hero-x-960.webp',
    ]);
  });

  it('answers an original with its widths, 320 first, then the widest', () => {
    expect(paths(`/uploads/${hash}.png`)).toEqual([
      `/uploads/${hash}-320.webp`,
      `/uploads/${hash}-960.webp`,
      `/uploads/${hash}-640.webp`,
    ]);
  });

  it('keeps the origin and never names itself', () => {
    const url = `${origin}/uploads/demo/coat-640.webp`;
    const all = pictureFallbacks(url);
    expect(all.every((u) => u.startsWith(`${origin}/uploads/demo/coat`))).toBe(true);
    expect(all).not.toContain(url);
  });

  it('has nothing for what is not a stored picture', () => {
    for (const url of [
      `${origin}/api/products`,
      `${origin}/uploads/`,
      `${origin}/uploads/x.svg`,
      `${origin}/uploads/...webp`,
      `${origin}/uploads/a%2Fb-320.webp`,
      `${origin}/uploads/x-320.png`,
      `${origin}/icons/icon-192.png`,
      '/uploads/relative-320.webp',
      'not a url',
    ])
      expect(pictureFallbacks(url), url).toEqual([]);
  });
});
