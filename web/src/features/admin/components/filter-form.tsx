import type { ReactNode } from 'react';

/** A screen's filters: a search landmark whose fields apply as soon as they change (nothing to submit). */
export function FilterForm({
  label,
  className,
  children,
}: {
  label: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <form role="search" aria-label={label} className={className} onSubmit={(e) => e.preventDefault()}>
      {children}
    </form>
  );
}
