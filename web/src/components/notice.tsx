import type { ReactNode } from 'react';
import styles from './notice.module.css';

interface NoticeProps {
  /** error: role="alert" (announced at once); success / info: role="status" (announced politely). */
  tone?: 'error' | 'success' | 'info';
  id?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A message on the page beside the form or control it is about (issue 27: never window.alert). Render it
 * when there is something to say; an alert inserted into the page is announced as it appears.
 */
export function Notice({ tone = 'error', id, className, children }: NoticeProps) {
  return (
    <p
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={[styles.notice, styles[tone], className].filter(Boolean).join(' ')}
    >
      {children}
    </p>
  );
}
