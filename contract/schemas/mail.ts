import { z } from 'zod';
import { LIMITS } from '#contract/limits';
import { line } from '#contract/rules/text';
import { newPasswordSchema } from './user';

/**
 * Issue 26: the mail outbox. A mail is a row written in the same durable write as the change that causes it;
 * a sender delivers it later. Without SMTP_URL nothing is delivered and mails are `kept` in the mailbox.
 */
export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
export const mailStateSchema = z.enum(MAIL_STATES);
export type MailState = z.infer<typeof mailStateSchema>;

export const MAIL_KINDS = [
  'order-confirmation',
  'new-order',
  'order-status',
  'back-in-stock',
  'password-reset',
  'password-changed',
  'welcome',
] as const;
export const mailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof mailKindSchema>;

/** Mails about the account itself: with SMTP on, an administrator never sees their bodies (a reset link). */
export const ACCOUNT_MAIL_KINDS: readonly MailKind[] = ['password-reset', 'password-changed', 'welcome'];
export const isAccountMail = (kind: MailKind): boolean => ACCOUNT_MAIL_KINDS.includes(kind);

export const mailSummarySchema = z.object({
  id: z.number().int().positive(),
  kind: mailKindSchema,
  to: z.string().max(LIMITS.mailRecipients),
  subject: z.string().max(LIMITS.mailSubject),
  state: mailStateSchema,
  attempts: z.number().int().min(0),
  lastError: z.string().max(LIMITS.mailError).nullable(),
  /** ISO time of the next delivery attempt (queued mails). */
  nextAttemptAt: z.string().max(LIMITS.stamp).nullable(),
  createdAt: z.string().max(LIMITS.stamp),
  sentAt: z.string().max(LIMITS.stamp).nullable(),
  account: z.boolean(),
});
export type MailSummary = z.infer<typeof mailSummarySchema>;

/** `html` and `text` are null for account mails when mail is delivered over SMTP. */
export const mailDetailSchema = mailSummarySchema.extend({
  html: z.string().max(LIMITS.mailBody).nullable(),
  text: z.string().max(LIMITS.mailBody).nullable(),
});
export type MailDetail = z.infer<typeof mailDetailSchema>;

export const mailListSchema = z.object({
  items: z.array(mailSummarySchema).max(LIMITS.mailPage),
  total: z.number().int().min(0),
  /** true when SMTP_URL is set: the mailbox is a delivery log. */
  delivering: z.boolean(),
});
export type MailList = z.infer<typeof mailListSchema>;

export const MAIL_LIMIT_DEFAULT = 20;
export const MAIL_PAGE_MAX = 1_000_000;
export const mailListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAIL_PAGE_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.mailPage).optional(),
  state: mailStateSchema.optional(),
});
export type MailListQuery = z.infer<typeof mailListQuerySchema>;

export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that address, we've sent a link to reset the password.";
export const RESET_PASSWORD_MESSAGE = 'Your password has been changed. Please sign in with the new password.';

export const forgotPasswordBodySchema = z.object({
  email: line(z.string().trim().min(1, 'E-mail is required').email('Invalid e-mail').max(LIMITS.email)),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** The reset token: 32 random bytes as 64 hex characters; only its SHA-256 is stored. */
export const resetTokenSchema = z.string().regex(/^[0-9a-f]{64}$/, 'Invalid token');
export const resetPasswordBodySchema = z.object({
  token: resetTokenSchema,
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
