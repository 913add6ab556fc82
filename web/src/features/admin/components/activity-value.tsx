import { ToggleButton } from '#web/components/toggle-button';
import { useId, useState } from 'react';
import styles from './activity-page.module.css';

/** Past this many characters (or lines) a value is clamped to three lines behind a Show more toggle. */
const LONG_CHARS = 160;
const LONG_LINES = 3;

/** One before or after value: plain text, long ones clamped with a toggle so the log stays scannable. */
export function ActivityValueText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > LONG_CHARS || text.split('\n').length > LONG_LINES;
  if (!long) return <span className={styles.value}>{text}</span>;
  return (
    <>
      <span id={id} className={open ? styles.value : `${styles.value} ${styles.clamped}`}>
        {text}
      </span>
      <ToggleButton className={styles.linkButton} open={open} controls={id} setOpen={setOpen}>
        {open ? 'Show less' : 'Show more'}
      </ToggleButton>
    </>
  );
}
