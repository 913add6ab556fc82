import type { ChangeEvent, Dispatch, SetStateAction } from 'react';
import type { Category } from '#contract/schemas/category';
import { SelectField, TextAreaField, TextField } from '#web/components/form-field';
import { TagInput } from '#web/components/tag-input';
import type { ProductFormValues } from '../api/admin-products';
import { ADMIN_FIELD } from './admin-field';
import { GalleryPicker } from './gallery-picker';
import { ImagePicker } from './image-picker';
import ui from './admin-ui.module.css';
import styles from './product-modal.module.css';

/** Both prices: money in the admin's field look. */
const PRICE_INPUT = {
  classes: ADMIN_FIELD,
  type: 'number',
  min: '0',
  step: '0.01',
  inputMode: 'decimal',
} as const;

interface FieldsProps {
  values: ProductFormValues;
  onChange: Dispatch<SetStateAction<ProductFormValues>>;
  categories: Category[];
  disabled: boolean;
  existingGallery: ReadonlyArray<{ url: string }>;
}

/** The product form's fields (spec section 2, Admin Products). No client-side required checks. */
export function ProductFormFields({ values, onChange, categories, disabled, existingGallery }: FieldsProps) {
  const set =
    <K extends keyof ProductFormValues>(key: K) =>
    (value: ProductFormValues[K]) =>
      onChange((v) => ({ ...v, [key]: value }));
  const text =
    (key: 'title' | 'description' | 'regular_price' | 'sale_price' | 'category') =>
    (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(key)(e.target.value);

  return (
    <div className={styles.grid}>
      <TextField
        id="product-title"
        label="Product Title"
        classes={ADMIN_FIELD}
        className={styles.wide}
        value={values.title}
        onChange={text('title')}
        disabled={disabled}
      />
      <TextAreaField
        id="product-description"
        label="Description"
        classes={ADMIN_FIELD}
        className={styles.wide}
        rows={4}
        value={values.description}
        onChange={text('description')}
        disabled={disabled}
      />
      <TextField
        id="product-regular-price"
        label="Regular Price"
        {...PRICE_INPUT}
        value={values.regular_price}
        onChange={text('regular_price')}
        disabled={disabled}
      />
      <TextField
        id="product-sale-price"
        label={
          <>
            Sale Price <span className={ui.muted}>(optional)</span>
          </>
        }
        {...PRICE_INPUT}
        value={values.sale_price}
        onChange={text('sale_price')}
        disabled={disabled}
      />
      <SelectField
        id="product-category"
        label="Category"
        classes={ADMIN_FIELD}
        className={styles.wide}
        value={values.category}
        onChange={text('category')}
        disabled={disabled}
      >
        <option value="">Select Category</option>
        {categories.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TagInput
        label="Sizes"
        value={values.sizes}
        onChange={set('sizes')}
        disabled={disabled}
        placeholder="e.g. M, then Enter"
      />
      <TagInput
        label="Colors"
        value={values.colors}
        onChange={set('colors')}
        disabled={disabled}
        placeholder="e.g. Navy, then Enter"
      />
      <ImagePicker
        label="Featured Image"
        preview={values.newImage ?? values.image}
        onPick={(dataUrl) => onChange((v) => ({ ...v, newImage: dataUrl }))}
        disabled={disabled}
      />
      <GalleryPicker
        existing={existingGallery}
        chosen={values.gallery}
        onPick={set('gallery')}
        disabled={disabled}
      />
    </div>
  );
}
