import { useId, useState, type FormEvent } from 'react';
import type { Category } from '#contract/schemas/category';
import type { Product } from '#contract/schemas/product';
import { Modal } from '#web/components/modal';
import {
  addGalleryImages,
  EMPTY_PRODUCT_FORM,
  productToForm,
  saveProductFields,
  type ProductFormValues,
} from '../api/admin-products';
import { ProductFormFields } from './product-form-fields';
import ui from './admin-ui.module.css';

interface ProductModalProps {
  /** null: create mode ("New Product"); a product: edit mode ("Edit Product"). */
  product: Product | null;
  categories: Category[];
  onClose: () => void;
  onSaved: () => void;
}

export function ProductModal({ product, categories, onClose, onSaved }: ProductModalProps) {
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productToForm(product) : EMPTY_PRODUCT_FORM,
  );
  const [busy, setBusy] = useState(false);
  // Set once a new product exists, so a retry after a failed gallery upload updates it, not a duplicate.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const formId = useId();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const saved = await saveProductFields(values, product?.id ?? createdId);
      setCreatedId(saved.id);
      await addGalleryImages(saved.id, values.gallery);
      onSaved();
    } catch {
      // The modal stays open with everything typed, so the admin can fix and retry.
      setBusy(false);
      window.alert('Error saving product. Please try again.');
    }
  }

  return (
    <Modal
      open
      size="lg"
      title={product ? 'Edit Product' : 'New Product'}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <button type="button" className={ui.secondary} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className={ui.primary} disabled={busy}>
            {busy ? 'Saving...' : product ? 'Update' : 'Create'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate>
        <ProductFormFields
          values={values}
          onChange={setValues}
          categories={categories}
          disabled={busy}
          existingGallery={product?.images ?? []}
        />
      </form>
    </Modal>
  );
}
