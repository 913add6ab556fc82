/**
 * The demo's mail settings (issue 26): nothing leaves the browser, so every mail is kept in the demo's
 * mailbox. Links point at the page's own origin and the demo's base path (a static demo built for a
 * sub-path, DEMO_BASE, serves the app there), with the store's details injected at build time like the
 * web app's (vite.config.ts).
 */
import type { MailSettings } from '#server/core/ports';
import { mailStoreOf } from '#server/core/mail/layout';

/** The demo's base path without its trailing slash ('' at the root); node tests have no Vite env. */
const basePath = (): string => (import.meta.env?.BASE_URL ?? '/').replace(/\/$/, '');

export function mockMailSettings(): MailSettings {
  return {
    publicUrl: `${globalThis.location?.origin ?? 'http://localhost:5173'}${basePath()}`,
    store: mailStoreOf(__STORE_CONFIG__),
    alertsTo: [],
    delivering: false,
  };
}
