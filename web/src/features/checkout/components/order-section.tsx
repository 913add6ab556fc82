import type { ReactNode } from 'react';

/**
 * One titled part of an order as the order pages show it (its lines, its address, its status…): a section
 * named by its heading. The order page draws them as cards, the success page as blocks under the facts.
 */
export function OrderSection({
  id,
  title,
  classes,
  children,
}: {
  id: string;
  title: string;
  classes: { section?: string; title?: string };
  children: ReactNode;
}) {
  return (
    <section className={classes.section} aria-labelledby={id}>
      <h2 id={id} className={classes.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
