import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { Category } from '#contract/schemas/category';
import { TextField } from '#web/components/form-field';
import { createCategory, updateCategory } from '../api/admin-categories';
import { ADMIN_FIELD } from './admin-field';
import { ImagePicker } from './image-picker';
import ui from './admin-ui.module.css';
import styles from './categories-page.module.css';

interface CategoryFormProps {
  /** The category being edited, or null to create one. The parent remounts the form per item. */
  editing: Category | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** Create or update a category: a name and an image, both required (spec section 5). */
export function CategoryForm({ editing, onSaved, onCancel }: CategoryFormProps) {
  const [name, setName] = useState(editing?.name ?? '');
  const [newImage, setNewImage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const image = newImage ?? editing?.image ?? null;

  // Edit mode starts with the name field focused (without a jump: the page scrolls up smoothly).
  useEffect(() => {
    if (editing) nameInput.current?.focus({ preventScroll: true });
  }, [editing]);

  async function submit() {
    if (busy) return;
    if (!name.trim()) return window.alert('Please enter category name');
    if (!image) return window.alert('Please select an image');
    setBusy(true);
    try {
      if (editing) await updateCategory(editing.id, name, newImage);
      else await createCategory(name, image);
      setName('');
      setNewImage(null);
      setBusy(false);
      onSaved();
    } catch {
      setBusy(false);
      window.alert(editing ? 'Error updating category' : 'Error creating category');
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void submit();
  }

  // Enter submits even while the button is disabled, so a missing name or image gets its alert.
  function onNameKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void submit();
  }

  return (
    <form className={`${ui.card} ${styles.form}`} onSubmit={onSubmit} aria-labelledby="category-form-title">
      <h2 id="category-form-title" className={styles.formTitle}>
        {editing ? 'Edit category' : 'Add a category'}
      </h2>
      <ImagePicker label="Category image" preview={image} onPick={setNewImage} disabled={busy} />
      <TextField
        ref={nameInput}
        id="category-name"
        label="Category name"
        classes={ADMIN_FIELD}
        value={name}
        placeholder="e.g. Summer Dresses"
        autoComplete="off"
        disabled={busy}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={onNameKeyDown}
      />
      <div className={styles.formActions}>
        <button type="submit" className={ui.primary} disabled={busy || !name.trim() || !image}>
          {editing ? 'Update Category' : 'Create Category'}
        </button>
        {editing && (
          <button type="button" className={ui.secondary} disabled={busy} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
