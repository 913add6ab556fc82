import type { MailKind, MailState } from '#contract/schemas/mail';

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'order-confirmation': 'Order confirmation',
  'new-order': 'New order alert',
  'order-status': 'Order status',
  'back-in-stock': 'Back in stock',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed',
  welcome: 'Welcome',
};

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept',
};

/**
 * The web links of a mail's plain-text part, in order, each once. The HTML part is shown in a sandbox where no
 * link can be followed (no scripts, no navigation out), so its links are offered here, from the text the
 * server built (only http and https: nothing else becomes a link).
 */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])];
}
