import type { ActivityEntry, ActivityValue } from '#contract/schemas/activity';
import { money } from '#web/lib/store-config';

/**
 * How the activity log reads: one sentence per entry ("Updated product “Linen Shirt”"), field names in
 * words, and values as the admin knows them (prices as money, lists joined, HTML as its plain text).
 */
const VERBS = { create: 'Created', update: 'Updated', delete: 'Deleted' } as const;

export function describeEntry(e: Pick<ActivityEntry, 'action' | 'entity' | 'label'>): string {
  if (e.action === 'status') return `Changed status of ${e.label}`;
  // The server names an import by its size ("Import of 12 products").
  if (e.action === 'import') return e.label || 'Imported products';
  // An order's label already names it ("Order #12").
  if (e.entity === 'order') return `${VERBS[e.action]} ${e.label}`;
  return `${VERBS[e.action]} ${e.entity} “${e.label}”`;
}

/** "regular_price" -> "Regular price"; stock cells ("stock M / Navy") keep their size and colour as written. */
export function fieldName(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MONEY_FIELDS = new Set(['regular_price', 'sale_price', 'price', 'total']);
export const NO_VALUE = '—';

/** Tags off, entities decoded, block ends kept as line breaks: the text a description reads as. */
export function plainText(html: string): string {
  if (!/<[a-z!/]|&[#a-z0-9]+;/i.test(html)) return html;
  const marked = html.replace(/<\s*(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, '$&\n');
  // A parsed (never attached) document runs no script and loads no image: only its text is read.
  const text = new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '';
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function formatValue(field: string, value: ActivityValue): string {
  if (value === null || value === '') return NO_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // An import's changes name their product first ("#12 regular_price").
  const own = field.replace(/^#\d+ /, '');
  if (typeof value === 'number') return MONEY_FIELDS.has(own) ? money(value) : value.toLocaleString();
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : NO_VALUE;
  return plainText(value) || NO_VALUE;
}

/** When the entry was written, in the admin's own time zone. */
export function formatWhen(at: string): string {
  const d = new Date(at);
  return Number.isNaN(d.getTime())
    ? at
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
