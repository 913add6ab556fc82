/**
 * The frame of every mail: a single column at most 560 px wide (a phone shows it whole), inline styles
 * (mail programs drop style sheets), `color-scheme: light dark` so dark mode keeps the text readable,
 * and the store's name, address and e-mail at the foot. The text part has the same content.
 */
import type { StoreConfig } from '#contract/schemas/store-config';
import type { MailSettings } from '../ports';
import type { Markup } from './markup';
import { html } from './markup';

/** The store's details a mail shows, from fixtures/store.json (the server reads it, the demo has it built in). */
export const mailStoreOf = (store: StoreConfig): MailSettings['store'] => ({
  name: store.name,
  email: store.email,
  currency: store.currency,
  showroom: store.showroom,
  whatsapp: store.whatsapp,
  phones: store.phones,
});

export interface MailContent {
  subject: string;
  /** The body's HTML (built with `html`) and the same content as plain text. */
  body: Markup;
  text: string;
}

/** Phones show the mail at their width; dark mode keeps it readable. */
const HEAD_META = [
  ['viewport', 'width=device-width, initial-scale=1'],
  ['color-scheme', 'light dark'],
  ['supported-color-schemes', 'light dark'],
] as const;

export function frame(settings: MailSettings, content: MailContent): { html: string; text: string } {
  const s = settings.store;
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        ${HEAD_META.map(([name, value]) => html`<meta name="${name}" content="${value}" />`)}
        <title>${content.subject}</title>
      </head>
      <body
        style="margin:0;padding:0;color-scheme:light dark;font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.5"
      >
        <div style="max-width:560px;margin:0 auto;padding:24px 16px">
          <p style="font-size:20px;font-weight:700;margin:0 0 16px">${s.name}</p>
          ${content.body}
          <hr style="border:none;border-top:1px solid #8884;margin:32px 0 16px" />
          <p style="font-size:13px;margin:0">
            ${s.name} · ${s.showroom} · <a href="mailto:${s.email}" style="color:inherit">${s.email}</a>
          </p>
        </div>
      </body>
    </html>`;
  const text = `${content.text.trim()}\n\n--\n${s.name} · ${s.showroom} · ${s.email}\n`;
  return { html: page.value, text };
}

/** A button-like link that stays a plain, readable link where styles are dropped. */
export const button = (href: string, label: string): Markup =>
  html`<p style="margin:24px 0">
    <a
      href="${href}"
      style="display:inline-block;padding:12px 20px;border-radius:6px;background:#1f4fd1;color:#ffffff;text-decoration:none;font-weight:600"
      >${label}</a
    >
  </p>`;
