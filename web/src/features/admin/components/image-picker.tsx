import { useId, useRef, useState, type ChangeEvent } from 'react';
import { imageFileError } from '#contract/rules/validation';
import { Notice } from '#web/components/notice';
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
  /** A message about this image from the form (Please select an image) or the server's `fields`. */
  error?: string | undefined;
}

/**
 * One image file with the shared file rules (image types only, at most 2 MB): a broken rule is shown under the
 * picker with the spec's message (role="alert") and the choice is dropped.
 */
export function ImagePicker({
  label,
  preview,
  onPick,
  disabled = false,
  hint = 'PNG, JPG up to 2MB',
  error,
}: ImagePickerProps) {
  const inputId = useId();
  const errorId = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const shown = fileError ?? error;
  const input = useRef<HTMLInputElement>(null);

  async function onChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    const broken = imageFileError(file);
    setFileError(broken);
    if (broken) {
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
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
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
      {shown ? <Notice id={errorId}>{shown}</Notice> : null}
    </div>
  );
}
