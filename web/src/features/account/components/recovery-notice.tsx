import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { failureMessage } from '../after-auth';
import styles from './auth.module.css';

interface Props {
  /** 'done' is a status (polite), 'problem' an alert. */
  tone: 'done' | 'problem';
  children: ReactNode;
  /** The way on, under the notice (sign in, ask for a new link). */
  next: ReactNode;
}

/**
 * What replaces a recovery form: the form and its button are gone, so focus moves here (a keyboard or
 * screen-reader user is not left on nothing, and hears the answer at once). A layout effect, so the focus moves in
 * the same commit that removes the form's button: a passive effect ran later, and under load a test (or a fast
 * keyboard user) could catch the focus on <body> in between.
 */
export function RecoveryNotice({ tone, children, next }: Props) {
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return (
    <>
      <p
        ref={ref}
        tabIndex={-1}
        role={tone === 'done' ? 'status' : 'alert'}
        className={tone === 'done' ? styles.notice : styles.problem}
      >
        {children}
      </p>
      <p className={styles.next}>{next}</p>
    </>
  );
}

/** Why the call failed, inside the form that stays for another try: the server's message, or the fallback. */
export function FormFailure({ failure, fallback }: { failure: unknown; fallback: string }) {
  if (!failure) return null;
  return (
    <p className={styles.problem} role="alert">
      {failureMessage(failure, fallback)}
    </p>
  );
}
