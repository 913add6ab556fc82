import { useId, useRef, type ChangeEvent } from 'react';
import { imageFileError } from '#contract/rules/validation';
import { readFileAsDataUrl } from '../api/read-file';
import { UploadIcon } from './icons';
import styles from './image-picker.module.css';

interface ImagePickerProps {
  label: string;
  /** What to show: a data URL just chosen or the stored image URL. */
  preview: string | null;
  onPick: (dataUrl: string) => void;
  disabled?: boolean;
  hint?: string;
}

/**
 * One image file with the shared file rules (image types only, at most 2 MB): a broken rule is
 * alerted with the spec's message and the choice is dropped.
 */
export function ImagePicker({
  label,
  preview,
  onPick,
  disabled = false,
  hint = 'PNG, JPG up to 2MB',
}: ImagePickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  async function onChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    const error = imageFileError(file);
    if (error) {
      window.alert(error);
      if (input.current) input.current.value = '';
      return;
    }
    onPick(await readFileAsDataUrl(file));
  }

  return (
    <div className={styles.root}>
      <span className={styles.label} aria-hidden="true">
        {label}
      </span>
      <label htmlFor={inputId} className={styles.zone} data-disabled={disabled}>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          className="visually-hidden"
          aria-label={label}
          disabled={disabled}
          onChange={(e) => void onChange(e)}
        />
        {preview ? (
          <img src={preview} alt={`${label} preview`} className={styles.preview} />
        ) : (
          <span className={styles.empty}>
            <UploadIcon />
            <span className={styles.cta}>Click to upload</span>
          </span>
        )}
        <span className={styles.hint}>{preview ? `Click to change · ${hint}` : hint}</span>
      </label>
    </div>
  );
}
