/**
 * The browser twin of html-sanitizer.ts (same allow-list) over DOMPurify, for the MSW demo worker:
 * sanitize-html pulls in postcss, which needs Node built-ins a browser bundle does not have.
 */
import DOMPurify from 'dompurify';
import type { HtmlSanitizer } from '../core/ports';

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'a',
  'span',
  'hr',
];

export function createDomSanitizer(): HtmlSanitizer {
  return {
    sanitize: (html) =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS,
        ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
        ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
      }).trim(),
  };
}
