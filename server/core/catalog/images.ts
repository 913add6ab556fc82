/**
 * Images arrive as data URLs. We trust the bytes, never the declared type: only PNG, JPEG, WebP and
 * GIF pass (SVG can carry script), at most 2 MB decoded. Accepted images go to the ImageStorage port
 * under their SHA-256 name, so the JSON only ever holds a short /uploads/... URL.
 */
import { IMAGE_MAX_BYTES } from '#contract/rules/validation';
import { DomainError } from '../api/errors';
import type { ImageStorage } from '../ports';

interface ImageKind {
  ext: string;
  mime: string;
  test: (b: Uint8Array) => boolean;
}

const startsWith = (b: Uint8Array, sig: number[], at = 0): boolean => sig.every((v, i) => b[at + i] === v);

const KINDS: ImageKind[] = [
  {
    ext: 'png',
    mime: 'image/png',
    test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    ext: 'gif',
    mime: 'image/gif',
    test: (b) => startsWith(b, [0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61,
  },
  {
    ext: 'webp',
    mime: 'image/webp',
    test: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8),
  },
];

/** A URL we already serve (a stored upload or a demo image) may be sent back unchanged on edit. */
const STORED_URL = /^\/uploads\/[A-Za-z0-9/_.-]+$/;
const DATA_URL = /^data:([^,]*),(.*)$/s;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes over a plain ArrayBuffer, which is what WebCrypto's digest accepts. */
type Bytes = Uint8Array<ArrayBuffer>;

function binaryToBytes(bin: string): Bytes {
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function decodeBase64(b64: string): Bytes {
  try {
    return binaryToBytes(atob(b64));
  } catch {
    throw new DomainError('bad_request', 'Malformed image data URL');
  }
}

export interface DecodedImage {
  bytes: Bytes;
  ext: string;
  mime: string;
}

/** Parse and check a data URL: 400 malformed, 415 not a PNG/JPEG/WebP/GIF, 413 over 2 MB. */
export function decodeImageDataUrl(dataUrl: string): DecodedImage {
  const m = DATA_URL.exec(dataUrl);
  if (!m) throw new DomainError('bad_request', 'Malformed image data URL');
  const meta = m[1] ?? '';
  const payload = m[2] ?? '';
  let head: Uint8Array;
  let size: number;
  let full: () => Bytes;
  if (meta.split(';').includes('base64')) {
    const b64 = payload.replace(/\s+/g, '');
    if (!BASE64.test(b64) || b64.length % 4 === 1)
      throw new DomainError('bad_request', 'Malformed image data URL');
    const pad = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
    size = Math.floor((b64.length * 3) / 4) - pad;
    // Sniff from the first bytes only, so an oversized upload is refused before it is decoded.
    head = decodeBase64(b64.slice(0, 24));
    full = () => decodeBase64(b64);
  } else {
    let text: string;
    try {
      text = decodeURIComponent(payload);
    } catch {
      throw new DomainError('bad_request', 'Malformed image data URL');
    }
    const bytes = new TextEncoder().encode(text);
    head = bytes;
    size = bytes.length;
    full = () => bytes;
  }
  const kind = KINDS.find((k) => k.test(head));
  if (!kind)
    throw new DomainError('unsupported_media_type', 'Only PNG, JPEG, WebP or GIF images are accepted');
  if (size > IMAGE_MAX_BYTES)
    throw new DomainError('payload_too_large', 'Image size should be less than 2MB');
  return { bytes: full(), ext: kind.ext, mime: kind.mime };
}

export async function sha256Hex(bytes: Bytes): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Decode, check and store one image; returns its URL. Stored URLs pass through untouched. */
export async function storeImage(images: ImageStorage, value: string): Promise<string> {
  if (STORED_URL.test(value) && !value.includes('..')) return value;
  if (!value.startsWith('data:')) throw new DomainError('bad_request', 'Images must be data URLs');
  const img = decodeImageDataUrl(value);
  const name = `${await sha256Hex(img.bytes)}.${img.ext}`;
  await images.put(name, img.bytes, img.mime);
  return images.urlOf(name);
}

/** Check every image before storing any, so a bad one in a batch leaves nothing behind. */
export async function storeImages(images: ImageStorage, values: readonly string[]): Promise<string[]> {
  for (const v of values) if (v.startsWith('data:')) decodeImageDataUrl(v);
  const urls: string[] = [];
  for (const v of values) urls.push(await storeImage(images, v));
  return urls;
}
