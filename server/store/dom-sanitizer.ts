/**
 * The browser twin of html-sanitizer.ts (same allow-list) over DOMPurify, for the MSW demo worker:
 * sanitize-html pulls in postcss, which needs Node built-ins a browser bundle does not have.
 */
import DOMPurify from 'dompurify';
import type { HtmlSanitizer } from '#server/core/ports';
import { ALLOWED_SCHEMES, ALLOWED_TAGS, LINK_ATTRIBUTES } from './html-allow-list';

const ALLOWED_URI_REGEXP = new RegExp(`^(?:${ALLOWED_SCHEMES.map((s) => `${s}:`).join('|')})`, 'i');

export function createDomSanitizer(): HtmlSanitizer {
  return {
    sanitize: (html) =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS: [...ALLOWED_TAGS],
        ALLOWED_ATTR: [...LINK_ATTRIBUTES],
        ALLOWED_URI_REGEXP,
      }).trim(),
  };
}
