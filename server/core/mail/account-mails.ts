/** The mails about an account: welcome, password reset, password changed, and back in stock. */
import type { MailSettings } from '../ports';
import type { MailContent } from './layout';
import { button } from './layout';
import { html, oneLine } from './markup';

/** Minutes a reset link works (accounts/password-reset.ts). */
export const RESET_MINUTES = 30;

export function welcome(settings: MailSettings, name: string): MailContent {
  const shop = `${settings.publicUrl}/products`;
  const who = oneLine(name);
  return {
    subject: `Welcome to ${settings.store.name}`,
    body: html`<h1 style="font-size:22px;margin:0 0 12px">Welcome, ${who}</h1>
      <p>
        Your account at ${settings.store.name} is ready. Sign in to order, follow your orders and keep a
        wishlist.
      </p>
      ${button(shop, 'Start shopping')}`,
    text: `Welcome, ${who}\n\nYour account at ${settings.store.name} is ready. Sign in to order, follow your orders and keep a wishlist.\n\nStart shopping: ${shop}`,
  };
}

/** The token rides in the fragment, so it never reaches a server log or a Referer header. */
export function passwordReset(settings: MailSettings, name: string, token: string): MailContent {
  const link = `${settings.publicUrl}/reset-password#token=${token}`;
  const who = oneLine(name);
  return {
    subject: `Reset your ${settings.store.name} password`,
    body: html`<h1 style="font-size:22px;margin:0 0 12px">Reset your password</h1>
      <p>
        Hello ${who}, someone (we hope you) asked to reset the password of your account. The link works for
        ${RESET_MINUTES} minutes, once.
      </p>
      ${button(link, 'Choose a new password')}
      <p style="font-size:13px">
        If the button does not work, copy this address into your browser:<br />${link}
      </p>
      <p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
    text: `Reset your password\n\nHello ${who}, someone (we hope you) asked to reset the password of your account. The link works for ${RESET_MINUTES} minutes, once:\n\n${link}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.`,
  };
}

export function passwordChanged(settings: MailSettings, name: string): MailContent {
  const link = `${settings.publicUrl}/forgot-password`;
  const who = oneLine(name);
  return {
    subject: 'Your password was changed',
    body: html`<h1 style="font-size:22px;margin:0 0 12px">Your password was changed</h1>
      <p>
        Hello ${who}, the password of your ${settings.store.name} account was just changed, and every device
        signed in to it was signed out.
      </p>
      <p>If this was not you, choose a new password now and write to us at ${settings.store.email}.</p>
      ${button(link, 'Choose a new password')}`,
    text: `Your password was changed\n\nHello ${who}, the password of your ${settings.store.name} account was just changed, and every device signed in to it was signed out.\n\nIf this was not you, choose a new password now (${link}) and write to us at ${settings.store.email}.`,
  };
}

export function backInStock(
  settings: MailSettings,
  name: string,
  product: { id: number; title: string },
  size: string,
  color: string,
): MailContent {
  const query = new URLSearchParams({ ...(size ? { size } : {}), ...(color ? { color } : {}) }).toString();
  const link = `${settings.publicUrl}/product/${product.id}${query ? `?${query}` : ''}`;
  const option = [size && `size ${size}`, color && `colour ${color}`].filter(Boolean).join(', ');
  const title = oneLine(product.title);
  return {
    subject: `Back in stock: ${title}`,
    body: html`<h1 style="font-size:22px;margin:0 0 12px">${title} is back in stock</h1>
      <p>
        Hello ${oneLine(name)}, the ${title}${option ? ` in ${option}` : ''} you were waiting for is available
        again.
      </p>
      ${button(link, 'See the product')}`,
    text: `${title} is back in stock\n\nHello ${oneLine(name)}, the ${title}${option ? ` in ${option}` : ''} you were waiting for is available again.\n\nSee the product: ${link}`,
  };
}
