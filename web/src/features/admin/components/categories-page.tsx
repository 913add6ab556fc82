import { useState } from 'react';
import type { Category } from '#contract/schemas/category';
import { ConfirmDialog, useConfirmedAction } from '#web/components/confirm-dialog';
import { deleteCategory, useCategoryPolling } from '../api/admin-categories';
import { CategoryForm } from './category-form';
import { CategoryList } from './category-list';
import { AdminPage } from './admin-page';
import styles from './categories-page.module.css';

/** /admin/categories: the form on one side, the polled list on the other. */
export function CategoriesPage() {
  const { categories, loading, failed, refresh, retry } = useCategoryPolling();
  const [editing, setEditing] = useState<Category | null>(null);

  function edit(c: Category) {
    setEditing(c);
    // The form sits above a possibly long list: go back up to it (the form focuses its name field).
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  // Delete stays behind our confirmation dialog (issue 27: no window.confirm); the item shows Deleting... meanwhile.
  const remove = useConfirmedAction(async (c: Category) => {
    await deleteCategory(c.id);
    if (editing?.id === c.id) setEditing(null);
    refresh();
  }, 'Error deleting category');
  const deletingId = remove.busy ? (remove.target?.id ?? null) : null;

  const count = categories.length;
  return (
    <AdminPage
      page="categories"
      subtitle="Organise the catalogue shoppers browse by."
      aside={
        <p className={styles.count}>
          <strong>{count}</strong> {count === 1 ? 'category' : 'categories'}
        </p>
      }
    >
      <div className={styles.layout}>
        <CategoryForm
          key={editing?.id ?? 'new'}
          editing={editing}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
          onCancel={() => setEditing(null)}
        />
        <CategoryList
          categories={categories}
          loading={loading}
          failed={failed}
          onRetry={retry}
          deletingId={deletingId}
          onEdit={edit}
          onDelete={remove.ask}
        />
      </div>
      <ConfirmDialog
        title="Delete this category?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        {...remove.dialog}
      >
        <p>{remove.target?.name} will be removed.</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
