import { useId, type ChangeEvent } from 'react';
import { readFileAsDataUrl } from '../api/read-file';
import { ImageIcon } from './icons';
import styles from './image-picker.module.css';

interface GalleryPickerProps {
  /** Images the product already has (edit mode). */
  existing: ReadonlyArray<{ url: string }>;
  /** Data URLs chosen in this session; they are appended on save. */
  chosen: readonly string[];
  onPick: (dataUrls: string[]) => void;
  disabled?: boolean;
}

/** Several gallery files at once. No client-side checks here (spec section 5); the server still checks. */
export function GalleryPicker({ existing, chosen, onPick, disabled = false }: GalleryPickerProps) {
  const inputId = useId();

  async function onChange(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.target.files ?? []);
    onPick(await Promise.all(files.map(readFileAsDataUrl)));
  }

  return (
    <div className={styles.root}>
      <span className={styles.label} aria-hidden="true">
        Gallery Images
      </span>
      <label htmlFor={inputId} className={styles.zone} data-disabled={disabled}>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden"
          aria-label="Gallery Images"
          disabled={disabled}
          onChange={(e) => void onChange(e)}
        />
        <span className={styles.empty}>
          <ImageIcon />
          <span className={styles.cta}>
            {chosen.length > 0
              ? `${chosen.length} new image${chosen.length === 1 ? '' : 's'} chosen`
              : 'Click to add images'}
          </span>
        </span>
        <span className={styles.hint}>
          {existing.length > 0 ? 'Added to the current gallery' : 'You can choose several files'}
        </span>
      </label>
      {(existing.length > 0 || chosen.length > 0) && (
        <ul className={styles.gallery} aria-label="Gallery">
          {existing.map((img) => (
            <li key={img.url}>
              <img src={img.url} alt="" />
            </li>
          ))}
          {chosen.map((src, i) => (
            <li key={`new-${i}`} className={styles.newImage}>
              <img src={src} alt={`New gallery image ${i + 1}`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
