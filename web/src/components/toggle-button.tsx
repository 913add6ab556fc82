import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  /** The id of the element the button shows and hides. */
  controls: string;
  /** The open state's setter: a press flips it. */
  setOpen: (flip: (open: boolean) => boolean) => void;
  className?: string | undefined;
  children: ReactNode;
}

/** A button that shows or hides another element, saying which and whether it is open (aria-expanded). */
export function ToggleButton({ open, controls, setOpen, className, children }: Props) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpen((o) => !o)}
    >
      {children}
    </button>
  );
}
