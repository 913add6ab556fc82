import { useState, type InputHTMLAttributes } from 'react';
import { TextField } from '#web/components/form-field';
import { EyeIcon } from '#web/components/icons';
import styles from './password-field.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
};

/** A password box with a show/hide toggle: one fixed name, its state told by aria-pressed. */
export function PasswordField({ label, error, hint, disabled, ...input }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={label}
      error={error}
      hint={hint}
      disabled={disabled}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-label="Show password"
          aria-pressed={shown}
          disabled={disabled}
          onClick={() => setShown((s) => !s)}
        >
          <EyeIcon size={20} />
          {shown ? <span className={styles.slash} aria-hidden="true" /> : null}
        </button>
      }
      {...input}
    />
  );
}
