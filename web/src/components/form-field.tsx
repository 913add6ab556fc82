import {
  useId,
  type InputHTMLAttributes,
  type Ref,
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
  /**
   * Replaces the house look of the frame, label and control with a screen's own classes (the admin's denser
   * fields), keeping this markup and its wiring. Without it the classes below apply.
   */
  classes?: FieldClasses;
}

export interface FieldClasses {
  field?: string | undefined;
  label?: string | undefined;
  control?: string | undefined;
}

function Frame({
  id,
  label,
  error,
  hint,
  required,
  className,
  classes,
  errorId,
  hintId,
  children,
}: FieldFrame & { id: string; errorId: string; hintId: string; children: ReactNode }) {
  return (
    <div className={[classes?.field ?? styles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={classes?.label ?? styles.label}>
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

/**
 * Splits a field's props into the frame's, the wiring every control needs (id, aria-invalid,
 * aria-describedby) and the rest, which the control takes as they are.
 */
function useField<P extends FieldFrame & { id?: string | undefined }>(props: P, kindClass?: string) {
  const { label, error, hint, required, className, classes, id: given, ...rest } = props;
  const auto = useId();
  const id = given ?? auto;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return {
    frame: { id, errorId, hintId, label, error, hint, required, className, classes },
    control: {
      id,
      className: classes?.control ?? [styles.control, kindClass].filter(Boolean).join(' '),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
    },
    rest,
  };
}

type InputProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    inputClassName?: string;
    trailing?: ReactNode;
    ref?: Ref<HTMLInputElement>;
  };

export function TextField({ inputClassName, trailing, ...props }: InputProps) {
  const { frame, control, rest } = useField(props);
  const input = (
    <input {...control} className={[control.className, inputClassName].filter(Boolean).join(' ')} {...rest} />
  );
  return (
    <Frame {...frame}>
      {trailing ? (
        <div className={styles.withTrailing}>
          {input}
          {trailing}
        </div>
      ) : (
        input
      )}
    </Frame>
  );
}

type SelectProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { children: ReactNode };

export function SelectField({ children, ...props }: SelectProps) {
  const { frame, control, rest } = useField(props, styles.select);
  return (
    <Frame {...frame}>
      <select {...control} {...rest}>
        {children}
      </select>
    </Frame>
  );
}

type TextAreaProps = FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>;

export function TextAreaField(props: TextAreaProps) {
  const { frame, control, rest } = useField(props, styles.textarea);
  return (
    <Frame {...frame}>
      <textarea {...control} {...rest} />
    </Frame>
  );
}
