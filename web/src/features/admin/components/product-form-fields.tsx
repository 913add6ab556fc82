import type { ChangeEvent, Dispatch, SetStateAction } from 'react';
import type { Category } from '../../../../../contract/schemas/category';
import { TagInput } from '../../../components/tag-input';
import type { ProductFormValues } from '../api/admin-products';
import { GalleryPicker } from './gallery-picker';
import { ImagePicker } from './image-picker';
import ui from './admin-ui.module.css';
import styles from './product-modal.module.css';

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
      <div className={`${ui.field} ${styles.wide}`}>
        <label htmlFor="product-title" className={ui.label}>
          Product Title
        </label>
        <input
          id="product-title"
          className={ui.input}
          value={values.title}
          onChange={text('title')}
          disabled={disabled}
        />
      </div>
      <div className={`${ui.field} ${styles.wide}`}>
        <label htmlFor="product-description" className={ui.label}>
          Description
        </label>
        <textarea
          id="product-description"
          className={ui.input}
          rows={4}
          value={values.description}
          onChange={text('description')}
          disabled={disabled}
        />
      </div>
      <div className={ui.field}>
        <label htmlFor="product-regular-price" className={ui.label}>
          Regular Price
        </label>
        <input
          id="product-regular-price"
          className={ui.input}
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          value={values.regular_price}
          onChange={text('regular_price')}
          disabled={disabled}
        />
      </div>
      <div className={ui.field}>
        <label htmlFor="product-sale-price" className={ui.label}>
          Sale Price <span className={ui.muted}>(optional)</span>
        </label>
        <input
          id="product-sale-price"
          className={ui.input}
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          value={values.sale_price}
          onChange={text('sale_price')}
          disabled={disabled}
        />
      </div>
      <div className={`${ui.field} ${styles.wide}`}>
        <label htmlFor="product-category" className={ui.label}>
          Category
        </label>
        <select
          id="product-category"
          className={ui.input}
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
        </select>
      </div>
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
