import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'light';

interface Look {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  block?: boolean;
}

/** The button look as a class list, so links (react-router Link) can look like buttons too. */
export function buttonClass({ variant = 'primary', size = 'normal', block = false }: Look = {}, extra?: string): string {
  return [styles.button, styles[variant], size === 'small' && styles.small, block && styles.block, extra]
    .filter(Boolean)
    .join(' ');
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & Look;

export function Button({ variant, size, block, className, type = 'button', ...rest }: Props) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...rest} />;
}
