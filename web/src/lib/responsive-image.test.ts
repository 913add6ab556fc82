import { describe, expect, it } from 'vitest';
import { imageSizes, uploadSrcSet, uploadSrcSetWithOriginal } from './responsive-image';

describe('uploadSrcSet', () => {
  it('lists the three WebP widths of a stored upload or demo picture', () => {
    const hash = 'ab'.repeat(32);
    expect(uploadSrcSet(`/uploads/${hash}.png`, false)).toBe(
      `/uploads/${hash}-320.webp 320w, /uploads/${hash}-640.webp 640w, /uploads/${hash}-960.webp 960w`,
    );
    expect(uploadSrcSet('/uploads/demo/product-tee-navy-front.webp', false)).toContain(
      '/uploads/demo/product-tee-navy-front-640.webp 640w',
    );
  });

  it('gives nothing for other URLs, a width itself, or in demo mode', () => {
    for (const src of [
      'https://cdn.example/x.png',
      'data:image/png;base64,AAAA',
      '/uploads/x-640.webp',
      '/uploads/../x.png',
      '/img/x.png',
    ])
      expect(uploadSrcSet(src, false), src).toBeUndefined();
    expect(uploadSrcSet('/uploads/demo/a.webp', true)).toBeUndefined();
  });

  it('sizes: the layout width, or the screen when narrower', () => {
    expect(imageSizes(480)).toBe('(max-width: 480px) 100vw, 480px');
  });

  it('with the original: the made widths below its width, then the original', () => {
    expect(uploadSrcSetWithOriginal('/uploads/demo/hero-a.webp', 1600, false)).toBe(
      '/uploads/demo/hero-a-320.webp 320w, /uploads/demo/hero-a-640.webp 640w, /uploads/demo/hero-a-960.webp 960w, /uploads/demo/hero-a.webp 1600w',
    );
    expect(uploadSrcSetWithOriginal('/uploads/demo/a.png', 800, false)).toBe(
      '/uploads/demo/a-320.webp 320w, /uploads/demo/a-640.webp 640w, /uploads/demo/a.png 800w',
    );
    expect(uploadSrcSetWithOriginal('https://cdn.example/x.png', 1600, false)).toBeUndefined();
    expect(uploadSrcSetWithOriginal('/uploads/demo/hero-a.webp', 1600, true)).toBeUndefined();
  });
});
