import { useId, useLayoutEffect, useRef } from 'react';
import { useAtomValue } from '#web/lib/jotai';
import { hydratingAtom } from '#web/lib/session/auth-atoms';
import styles from './option-picker.module.css';

interface Props {
  label: string;
  name: string;
  options: string[];
  value: string;
  onChange: (value: string) => void;
  /** Shown with a red border while the shopper tried to add without choosing. */
  error: string | null;
  /** Shown when the product lists no options at all. */
  emptyText: string;
  swatches?: boolean;
  /** Options sold out for the other pick: marked, yet still choosable (to ask to be told when back). */
  soldOut?: (option: string) => boolean;
}

const never = () => false;

/**
 * A size or colour choice as a radio group: arrow keys move between options, each has an accessible name
 * (colour swatches carry their colour value as text for screen readers). A sold-out option keeps its name
 * and says "Sold out" as its description, so the options' names stay what the shop calls them.
 */
export function OptionPicker({
  label,
  name,
  options,
  value,
  onChange,
  error,
  emptyText,
  swatches = false,
  soldOut = never,
}: Props) {
  const labelId = useId();
  const errorId = useId();
  const soldOutId = useId();
  // A style attribute in server HTML is blocked by the CSP (style-src 'self'); set through the CSSOM once hydrated.
  const hydrating = useAtomValue(hydratingAtom);
  const group = useRef<HTMLDivElement>(null);
  const pickedEarly = useRef({ value, onChange });
  // A pick made on the server's HTML before hydration (issue 28) was the browser's own: React keeps that radio
  // checked as it hydrates, and here, once hydrated, the pick becomes the state (else it would look picked
  // while Add to Cart asked for a choice). A layout effect: the pick is the state within the commit that mounts
  // the picker, before any later task (such as a held tap on Add to Cart, hydrated-mark.ts) can read it.
  useLayoutEffect(() => {
    const { value: shown, onChange: choose } = pickedEarly.current;
    const checked = group.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (checked && checked.value !== shown) choose(checked.value);
  }, []);
  return (
    <div
      ref={group}
      role="radiogroup"
      aria-labelledby={labelId}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={`${styles.group} ${error ? styles.invalid : ''}`}
    >
      <p id={labelId} className={styles.label}>
        {label}
        {value && <span className={styles.value}>: {value}</span>}
      </p>
      {options.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <div className={styles.options}>
          {options.map((o) => {
            const out = soldOut(o);
            return (
              <label
                key={o}
                className={`${swatches ? styles.swatchOption : styles.option} ${out ? styles.soldOut : ''}`}
                title={swatches ? (out ? `${o}: Sold out` : o) : out ? 'Sold out' : undefined}
              >
                <input
                  className={styles.input}
                  type="radio"
                  name={name}
                  value={o}
                  checked={value === o}
                  onChange={() => onChange(o)}
                  aria-describedby={out ? soldOutId : undefined}
                />
                {swatches ? (
                  <>
                    <span
                      className={styles.swatch}
                      style={hydrating ? undefined : { background: o }}
                      aria-hidden="true"
                    />
                    <span className="visually-hidden">{o}</span>
                  </>
                ) : (
                  <span className={styles.chip}>{o}</span>
                )}
              </label>
            );
          })}
          <span id={soldOutId} hidden>
            Sold out
          </span>
        </div>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
