/** Product descriptions are admin-written HTML shown to every shopper: keep formatting, drop anything active. */
import sanitizeHtml from 'sanitize-html';
import type { HtmlSanitizer } from '../core/ports';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Links always open safely, whatever the admin typed.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

export function createHtmlSanitizer(): HtmlSanitizer {
  return { sanitize: (html) => sanitizeHtml(html, OPTIONS).trim() };
}
