import type { ReactNode } from 'react';
import page from '#web/styles/page.module.css';

interface Props {
  /** The id of the title, which names the panel's section. */
  titleId: string;
  title: string;
  /** The screen's own layout class, beside the shared panel look. */
  className: string | undefined;
  children: ReactNode;
}

/** The raised panel with its title (cart totals, order summary). */
export function Panel({ titleId, title, className, children }: Props) {
  return (
    <section className={`${page.panel} ${className}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={page.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
