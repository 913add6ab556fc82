/**
 * What a product description may keep, shared by the Node sanitizer (sanitize-html) and its browser twin
 * (DOMPurify) so the server and the demo mock clean admin-written HTML alike.
 */
export const ALLOWED_TAGS: readonly string[] = [
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

/** Attributes kept on links (`a`), the only tag that keeps any. */
export const LINK_ATTRIBUTES: readonly string[] = ['href', 'title', 'target', 'rel'];

/** URL schemes a link may use; any other scheme (javascript:, data:) is dropped. */
export const ALLOWED_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];
