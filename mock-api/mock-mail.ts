/**
 * The demo's mail settings (issue 26): nothing leaves the browser, so every mail is kept in the demo's
 * mailbox. Links point at the page's own origin, which is the demo's configured address (it serves the
 * app), with the store's details injected at build time like the web app's (vite.config.ts).
 */
import type { MailSettings } from '#server/core/ports';

export function mockMailSettings(): MailSettings {
  const store = __STORE_CONFIG__;
  return {
    publicUrl: globalThis.location?.origin ?? 'http://localhost:5173',
    store: {
      name: store.name,
      email: store.email,
      currency: store.currency,
      showroom: store.showroom,
      whatsapp: store.whatsapp,
      phones: store.phones,
    },
    alertsTo: [],
    delivering: false,
  };
}
