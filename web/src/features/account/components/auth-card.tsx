import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/button';
import { Notice } from '#web/components/notice';
import { PageMeta } from '#web/components/page-meta';
import styles from './auth.module.css';

/** The texts of one auth screen. */
export interface AuthCopy {
  /** Page title and meta description. */
  title: string;
  description: string;
  /** The id of the card's heading, which names the card. */
  titleId: string;
  heading: string;
  subtitle: string;
  submit: string;
  /** The submit button's text while the call runs. */
  busy: string;
  /** The line under the form: "prompt link", the link going to the other auth screen. */
  switchPrompt: string;
  switchTo: string;
  switchLink: string;
}

interface Props {
  copy: AuthCopy;
  form: {
    busy: boolean;
    /** The failed call's message (Login failed, the server's own...), shown above the submit button. */
    error?: string | null;
    submit: (e: FormEvent<HTMLFormElement>) => void;
    /** Router state passed on to the other auth screen, so it too returns where the user came from. */
    from: unknown;
  };
  children: ReactNode;
  /** Under the form, above the switch line (login's "Forgot password?"). */
  below?: ReactNode;
  /** Shown in place of the form and the switch line once the form has done its work (the recovery screens). */
  done?: ReactNode;
}

/**
 * The card of the auth screens (login, register, forgot and reset password): heading, subtitle, the form with its
 * submit button (or what replaced it once done), the switch line.
 */
export function AuthCard({ copy, form, children, below, done }: Props) {
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title={copy.title} description={copy.description} />
      <section className={styles.card} aria-labelledby={copy.titleId}>
        <h1 id={copy.titleId} className={styles.heading}>
          {copy.heading}
        </h1>
        <p className={styles.subtitle}>{copy.subtitle}</p>
        {done ?? (
          <form className={styles.form} onSubmit={form.submit} noValidate aria-busy={form.busy}>
            {children}
            {form.error ? <Notice>{form.error}</Notice> : null}
            <Button type="submit" variant="primary" block disabled={form.busy}>
              {form.busy ? copy.busy : copy.submit}
            </Button>
          </form>
        )}
        {below}
        {/* Once done, the answer brings its own way on; the switch line would say the same twice. */}
        {done ? null : (
          <p className={styles.switch}>
            {copy.switchPrompt}{' '}
            <Link to={copy.switchTo} state={form.from}>
              {copy.switchLink}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
