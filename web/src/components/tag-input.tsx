import { useId, useState, type KeyboardEvent } from 'react';
import { addTag } from '#contract/rules/validation';
import styles from './tag-input.module.css';

interface TagInputProps {
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A list of short texts (sizes, colours): type and press Enter to add, x to remove. Tags are trimmed;
 * blanks and duplicates are ignored (the shared addTag rule, which the server applies again).
 */
export function TagInput({
  label,
  value,
  onChange,
  placeholder = 'Type and press Enter',
  disabled = false,
}: TagInputProps) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const hintId = useId();

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    // Enter adds a tag; it must never submit the surrounding form.
    e.preventDefault();
    onChange(addTag(value, draft));
    setDraft('');
  }

  return (
    <div className={styles.root}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={styles.box} data-disabled={disabled}>
        {value.length > 0 && (
          <ul className={styles.tags} aria-label={label}>
            {value.map((tag) => (
              <li key={tag} className={styles.tag}>
                <span>{tag}</span>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={`Remove ${tag}`}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((t) => t !== tag))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={inputId}
          className={styles.input}
          value={draft}
          placeholder={placeholder}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <span id={hintId} className="visually-hidden">
        Press Enter to add
      </span>
    </div>
  );
}
