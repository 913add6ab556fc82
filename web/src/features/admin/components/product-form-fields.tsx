import type { ChangeEvent, Dispatch, ReactNode, SetStateAction } from 'react';
import type { Category } from '#contract/schemas/category';
import { SelectField, TextAreaField, TextField } from '#web/components/form-field';
import { TagInput } from '#web/components/tag-input';
import type { ProductFormValues } from '../api/admin-products';
import { ADMIN_FIELD } from './admin-field';
import { GalleryPicker } from './gallery-picker';
import { ImagePicker } from './image-picker';
import ui from './admin-ui.module.css';
import styles from './product-modal.module.css';

type TextKey = 'title' | 'description' | 'regular_price' | 'sale_price' | 'category';

/** The fields shown beside their own control when a save is refused (the server's `fields`, by name). */
export const PLACED_FIELDS: ReadonlyArray<string> = [
  'title',
  'description',
  'regular_price',
  'sale_price',
  'category',
  'image',
];

/** A field's control id (product-regular-price...), for focusing the first refused one. */
export const fieldId = (key: string) => `product-${key.replace('_', '-')}`;

/** Title, description and category span the grid's full width. */
const WIDE = { classes: ADMIN_FIELD, className: styles.wide };

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
  /** The Stock section, right under the sizes and colours its grid is made of. */
  stock?: ReactNode;
  /** The server's messages by field name (title, regular_price, image...), each shown under its control. */
  errors?: Partial<Record<string, string>>;
}

/** The product form's fields (spec section 2, Admin Products). No client-side required checks. */
export function ProductFormFields({
  values,
  onChange,
  categories,
  disabled,
  existingGallery,
  stock,
  errors = {},
}: FieldsProps) {
  const set =
    <K extends keyof ProductFormValues>(key: K) =>
    (value: ProductFormValues[K]) =>
      onChange((v) => ({ ...v, [key]: value }));
  /** A text control's id (product-regular-price...), value, change handler and disabled state. */
  const bind = (key: TextKey) => ({
    id: fieldId(key),
    value: values[key],
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(key)(e.target.value),
    disabled,
  });
  const bindTags = (key: 'sizes' | 'colors') => ({ value: values[key], onChange: set(key), disabled });

  return (
    <div className={styles.grid}>
      <TextField label="Product Title" {...WIDE} {...bind('title')} />
      <TextAreaField label="Description" {...WIDE} rows={4} {...bind('description')} />
      <TextField label="Regular Price" {...PRICE_INPUT} {...bind('regular_price')} />
      <TextField
        label={
          <>
            Sale Price <span className={ui.muted}>(optional)</span>
          </>
        }
        {...PRICE_INPUT}
        {...bind('sale_price')}
      />
      <SelectField label="Category" {...WIDE} {...bind('category')}>
        <option value="">Select Category</option>
        {categories.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TagInput label="Sizes" placeholder="e.g. M, then Enter" {...bindTags('sizes')} />
      <TagInput label="Colors" placeholder="e.g. Navy, then Enter" {...bindTags('colors')} />
      {stock}
      <ImagePicker
        label="Featured Image"
        preview={values.newImage ?? values.image}
        onPick={(dataUrl) => onChange((v) => ({ ...v, newImage: dataUrl }))}
        disabled={disabled}
        error={errors.image}
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
