/**
 * The demo's mail settings (issue 26): nothing leaves the browser, so every mail is kept in the demo's
 * mailbox. Links point at the page's own origin, which is the demo's configured address (it serves the
 * app), with the store's details injected at build time like the web app's (vite.config.ts).
 */
import type { MailSettings } from '#server/core/ports';
import { mailStoreOf } from '#server/core/mail/layout';

export function mockMailSettings(): MailSettings {
  return {
    publicUrl: globalThis.location?.origin ?? 'http://localhost:5173',
    store: mailStoreOf(__STORE_CONFIG__),
    alertsTo: [],
    delivering: false,
  };
}
