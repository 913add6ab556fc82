import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './form-field.module.css';

/**
 * Labelled form controls with their validation message wired for assistive tech: the message sits
 * right under its own field, the control gets aria-invalid and aria-describedby, and the message is a
 * role="alert" so it is announced the moment it appears.
 */
interface FieldFrame {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows a "*" after the label (decorative; the rules live in the form's validation). */
  required?: boolean;
  className?: string;
}

function describedBy(errorId: string | undefined, hintId: string | undefined): string | undefined {
  return [errorId, hintId].filter(Boolean).join(' ') || undefined;
}

function Frame({
  id,
  label,
  error,
  hint,
  required,
  className,
  errorId,
  hintId,
  children,
}: FieldFrame & { id: string; errorId: string; hintId: string; children: ReactNode }) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function useFieldIds(given: string | undefined, error: string | undefined, hint: ReactNode) {
  const auto = useId();
  const id = given ?? auto;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return {
    id,
    errorId,
    hintId,
    describedBy: describedBy(error ? errorId : undefined, hint ? hintId : undefined),
  };
}

type InputProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    inputClassName?: string;
    trailing?: ReactNode;
  };

export function TextField({
  label,
  error,
  hint,
  required,
  className,
  inputClassName,
  trailing,
  id: given,
  ...input
}: InputProps) {
  const ids = useFieldIds(given, error, hint);
  const control = (
    <input
      id={ids.id}
      className={[styles.control, inputClassName].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids.describedBy}
      {...input}
    />
  );
  return (
    <Frame
      id={ids.id}
      errorId={ids.errorId}
      hintId={ids.hintId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      {trailing ? (
        <div className={styles.withTrailing}>
          {control}
          {trailing}
        </div>
      ) : (
        control
      )}
    </Frame>
  );
}

type SelectProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { children: ReactNode };

export function SelectField({
  label,
  error,
  hint,
  required,
  className,
  id: given,
  children,
  ...select
}: SelectProps) {
  const ids = useFieldIds(given, error, hint);
  return (
    <Frame
      id={ids.id}
      errorId={ids.errorId}
      hintId={ids.hintId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      <select
        id={ids.id}
        className={`${styles.control} ${styles.select}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}

type TextAreaProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

export function TextAreaField({
  label,
  error,
  hint,
  required,
  className,
  id: given,
  ...area
}: TextAreaProps) {
  const ids = useFieldIds(given, error, hint);
  return (
    <Frame
      id={ids.id}
      errorId={ids.errorId}
      hintId={ids.hintId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      <textarea
        id={ids.id}
        className={`${styles.control} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...area}
      />
    </Frame>
  );
}
