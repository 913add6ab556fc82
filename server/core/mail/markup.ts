/**
 * Mail markup without a template engine: the `html` tag escapes every value it is given unless the value
 * is markup made by the tag itself, so a shopper's name such as `<script>` arrives as text. Plain
 * escaped functions rather than React's server rendering: the core imports only the contract and zod
 * (ARCHITECTURE.md), and these few mails need no more than this.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** Markup made by `html`: trusted to be inserted as is. */
export class Markup {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Value = string | number | Markup | readonly Markup[] | null | undefined;

const render = (v: Value): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Markup) return v.value;
  if (Array.isArray(v)) return v.map((m: Markup) => m.value).join('');
  return escapeHtml(String(v));
};

export function html(strings: TemplateStringsArray, ...values: Value[]): Markup {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1]!;
  });
  return new Markup(out);
}

/**
 * One line for a header or a subject: CR, LF and other control characters become spaces, so a name
 * that holds "\r\nBcc: …" cannot add a header.
 */
export const oneLine = (text: string): string =>
  // eslint-disable-next-line no-control-regex -- the control characters are what this removes
  text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
