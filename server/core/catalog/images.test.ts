import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '#contract/rules/validation';
import { DomainError } from '../api/errors';
import { decodeImageDataUrl, storeImage } from './images';
import type { ImageStorage } from '../ports';

const b64 = (bytes: number[], pad = 0) =>
  btoa(String.fromCharCode(...bytes, ...new Array<number>(pad).fill(0)));
const SIGS: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  webp: [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50],
};

const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    return e instanceof DomainError ? e.code : 'other';
  }
  return undefined;
};

describe('decodeImageDataUrl', () => {
  it.each(Object.entries(SIGS))('recognises %s by its bytes, whatever the declared type', (ext, sig) => {
    expect(decodeImageDataUrl(`data:application/octet-stream;base64,${b64(sig, 16)}`).ext).toBe(ext);
  });

  it('refuses SVG, HTML and unknown bytes with 415', () => {
    expect(
      codeOf(() =>
        decodeImageDataUrl(`data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`),
      ),
    ).toBe('unsupported_media_type');
    expect(codeOf(() => decodeImageDataUrl('data:image/svg+xml;utf8,<svg onload="alert(1)"/>'))).toBe(
      'unsupported_media_type',
    );
    expect(codeOf(() => decodeImageDataUrl(`data:image/png;base64,${btoa('<html>')}`))).toBe(
      'unsupported_media_type',
    );
  });

  it('refuses malformed data URLs with 400', () => {
    for (const bad of [
      'data:image/png;base64',
      'image/png;base64,AAAA',
      'data:image/png;base64,***',
      'data:image/png;base64,A',
    ]) {
      expect(
        codeOf(() => decodeImageDataUrl(bad)),
        bad,
      ).toBe('bad_request');
    }
  });

  it('accepts exactly 2 MB and refuses one byte more with 413', () => {
    const sig = SIGS.png ?? [];
    const url = (n: number) =>
      `data:image/png;base64,${btoa(String.fromCharCode(...sig) + 'x'.repeat(n - sig.length))}`;
    expect(decodeImageDataUrl(url(IMAGE_MAX_BYTES)).bytes.length).toBe(IMAGE_MAX_BYTES);
    expect(codeOf(() => decodeImageDataUrl(url(IMAGE_MAX_BYTES + 1)))).toBe('payload_too_large');
  });
});

describe('storeImage', () => {
  const puts: string[] = [];
  const storage: ImageStorage = { put: async (name) => void puts.push(name), urlOf: (n) => `/uploads/${n}` };

  it('stores under the sha-256 of the bytes and returns the URL', async () => {
    const url = await storeImage(storage, `data:image/gif;base64,${b64(SIGS.gif ?? [], 10)}`);
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{64}\.gif$/);
    expect(puts).toEqual([url.slice('/uploads/'.length)]);
  });

  it('passes our own upload URLs through and refuses anything else', async () => {
    expect(await storeImage(storage, '/uploads/demo/tee-front.webp')).toBe('/uploads/demo/tee-front.webp');
    await expect(storeImage(storage, 'https://evil.example/x.png')).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(storeImage(storage, '/uploads/../users.json')).rejects.toMatchObject({
      code: 'bad_request',
    });
  });
});
