/**
 * The id of a page's JSON-LD block (issue 28): one block per schema.org type, `ld-product`, `ld-breadcrumblist`…
 * The server writes it on the blocks of a rendered page (server/http/pages/page-head.ts) and the client's
 * PageMeta (web/src/components/page-meta.tsx) replaces the block with the same id instead of adding a second one.
 */
export function jsonLdId(block: object): string {
  const type = (block as { '@type'?: unknown })['@type'];
  const name = Array.isArray(type) ? type[0] : type;
  return `ld-${typeof name === 'string' && name ? name.toLowerCase().replace(/[^a-z0-9]+/g, '-') : 'data'}`;
}
