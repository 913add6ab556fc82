import { useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { Category } from '#contract/schemas/category';
import type { Product } from '#contract/schemas/product';
import { Modal } from '#web/components/modal';
import { Notice } from '#web/components/notice';
import { ApiError } from '#web/lib/api-client';
import {
  addGalleryImages,
  EMPTY_PRODUCT_FORM,
  productToForm,
  saveProductFields,
  type ProductFormValues,
} from '../api/admin-products';
import { useProductStock } from '../api/product-stock';
import {
  applyChange,
  EMPTY_DRAFT,
  gridAxes,
  stockChange,
  type StockBase,
  type StockDraft,
} from '../stock-draft';
import { fieldId, PLACED_FIELDS, ProductFormFields } from './product-form-fields';
import { StockSection, type StockProblem } from './stock-section';
import ui from './admin-ui.module.css';

interface ProductModalProps {
  /** null: create mode ("New Product"); a product: edit mode ("Edit Product"). */
  product: Product | null;
  categories: Category[];
  onClose: () => void;
  onSaved: () => void;
}

/** Focus the first cell a save refused, so the keyboard lands where the fix is. */
function focusCell(form: HTMLFormElement | null, key: string | undefined) {
  for (const el of form?.elements ?? []) {
    if (el instanceof HTMLInputElement && el.dataset.cell === key) return el.focus();
  }
}

export const SAVE_FAILED = 'Error saving product. Please try again.';

/** A refused save: the server's `fields` by their top name (sizes.0 -> sizes), first message each. */
function refusedFields(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError)) return out;
  for (const [path, message] of Object.entries(err.body?.fields ?? {})) {
    const key = path.split('.')[0] ?? path;
    out[key] ??= message;
  }
  return out;
}

export function ProductModal({ product, categories, onClose, onSaved }: ProductModalProps) {
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productToForm(product) : EMPTY_PRODUCT_FORM,
  );
  const [busy, setBusy] = useState(false);
  // The last save's failure: the spec's message under the form, and the server's `fields` beside their controls.
  const [failure, setFailure] = useState<{ fields: Record<string, string> } | null>(null);
  // Set once a new product exists, so a retry after a failed gallery upload updates it, not a duplicate.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const formId = useId();

  const stockLoad = useProductStock(product?.id ?? null);
  // After a save the stock it set is the new base: a retry after a failed gallery upload resends nothing.
  const [savedBase, setSavedBase] = useState<StockBase | null>(null);
  const base = savedBase ?? (stockLoad.state === 'ready' ? stockLoad.base : null);
  const [draft, setDraft] = useState<StockDraft>(EMPTY_DRAFT);
  const [stockProblem, setStockProblem] = useState<StockProblem | null>(null);
  const axes = gridAxes(values);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    // Stock not loaded (yet, or the load failed): the save leaves the stock as it is.
    const change = base ? stockChange(base, draft, axes) : { ok: true as const, inventory: undefined };
    if (!change.ok) {
      setStockProblem({ invalid: new Set(change.invalid), message: change.message });
      focusCell(form, change.invalid[0]);
      return;
    }
    setStockProblem(null);
    setFailure(null);
    setBusy(true);
    try {
      const saved = await saveProductFields(values, product?.id ?? createdId, change.inventory);
      setCreatedId(saved.id);
      if (base) {
        setSavedBase(applyChange(base, change.inventory));
        setDraft(EMPTY_DRAFT);
      }
      await addGalleryImages(saved.id, values.gallery);
      onSaved();
    } catch (err) {
      // The modal stays open with everything typed, so the admin can fix and retry (issue 27: no window.alert).
      const fields = refusedFields(err);
      // Rendered at once, so the named field is enabled again before it takes focus.
      flushSync(() => {
        setBusy(false);
        setFailure({ fields });
      });
      const first = PLACED_FIELDS.find((k) => fields[k]);
      if (first) form.querySelector<HTMLElement>(`#${fieldId(first)}`)?.focus();
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
          {failure ? (
            <Notice className={ui.footerNotice}>
              {SAVE_FAILED}
              {Object.entries(failure.fields)
                .filter(([k]) => !PLACED_FIELDS.includes(k))
                .map(([k, m]) => ` ${k}: ${m}`)
                .join('')}
            </Notice>
          ) : null}
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
          errors={failure?.fields}
          existingGallery={product?.images ?? []}
          stock={
            <StockSection
              sizes={axes.sizes}
              colors={axes.colors}
              load={stockLoad}
              base={base}
              draft={draft}
              onDraft={(update) => {
                setDraft(update);
                setStockProblem(null);
              }}
              problem={stockProblem}
              disabled={busy}
            />
          }
        />
      </form>
    </Modal>
  );
}
