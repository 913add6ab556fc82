/**
 * A rendered page's <head>: one description of what a page says about itself (title, description,
 * canonical, robots, Open Graph, JSON-LD), turned into HTML here and nowhere else, so every value is
 * escaped in one place. Everything in it comes from the catalogue and the server's own settings
 * (PUBLIC_URL, the store config), never from the request: a page is the same for every visitor.
 */
import { jsonLdId } from '#contract/rules/json-ld';

export interface OgImage {
  url: string;
  width?: number;
  height?: number;
  alt: string;
}

export interface PageHead {
  /** The whole <title>, store name included. */
  title: string;
  description: string;
  /** Absolute; absent on pages that carry noindex. */
  canonical?: string;
  noindex?: boolean;
  og?: { type: 'website' | 'product'; url: string; image?: OgImage; extra?: Record<string, string> };
  /** schema.org objects, one <script type="application/ld+json"> each. */
  jsonLd?: object[];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or attribute value (double-quoted) in HTML. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * JSON inside a <script> element: `<` written as \u003c so no value can close the element or open a
 * comment (`</script>`, `<!--`), and the two line separators JSON allows but old parsers do not.
 */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const meta = (attr: 'name' | 'property', key: string, content: string): string =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

export function headHtml(head: PageHead): string {
  const out = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) out.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) out.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  const og = head.og;
  if (og) {
    out.push(
      meta('property', 'og:type', og.type),
      meta('property', 'og:title', head.title),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', og.url),
    );
    if (og.image) {
      out.push(meta('property', 'og:image', og.image.url));
      if (og.image.width) out.push(meta('property', 'og:image:width', String(og.image.width)));
      if (og.image.height) out.push(meta('property', 'og:image:height', String(og.image.height)));
      out.push(meta('property', 'og:image:alt', og.image.alt));
    }
    for (const [k, v] of Object.entries(og.extra ?? {})) out.push(meta('property', k, v));
    out.push(meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'));
  }
  // Each with its id, so the client's PageMeta replaces it rather than adding a second block of the same type.
  for (const ld of head.jsonLd ?? [])
    out.push(`<script type="application/ld+json" id="${jsonLdId(ld)}">${scriptJson(ld)}</script>`);
  return out.join('\n    ');
}
