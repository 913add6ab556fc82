/** Product descriptions are admin-written HTML shown to every shopper: keep formatting, drop anything active. */
import sanitizeHtml from 'sanitize-html';
import type { HtmlSanitizer } from '#server/core/ports';
import { ALLOWED_SCHEMES, ALLOWED_TAGS, LINK_ATTRIBUTES } from './html-allow-list';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { a: [...LINK_ATTRIBUTES] },
  allowedSchemes: [...ALLOWED_SCHEMES],
  // Links always open safely, whatever the admin typed.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

export function createHtmlSanitizer(): HtmlSanitizer {
  return { sanitize: (html) => sanitizeHtml(html, OPTIONS).trim() };
}
