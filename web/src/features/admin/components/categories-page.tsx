import { useState } from 'react';
import type { Category } from '#contract/schemas/category';
import { deleteCategory, useCategoryPolling } from '../api/admin-categories';
import { CategoryForm } from './category-form';
import { CategoryList } from './category-list';
import { AdminPage } from './admin-page';
import styles from './categories-page.module.css';

/** /admin/categories: the form on one side, the polled list on the other. */
export function CategoriesPage() {
  const { categories, loading, refresh } = useCategoryPolling();
  const [editing, setEditing] = useState<Category | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  function edit(c: Category) {
    setEditing(c);
    // The form sits above a possibly long list: go back up to it (the form focuses its name field).
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  async function remove(c: Category) {
    if (!window.confirm('Delete this category?')) return;
    setDeletingId(c.id);
    try {
      await deleteCategory(c.id);
      if (editing?.id === c.id) setEditing(null);
      refresh();
    } catch {
      window.alert('Error deleting category');
    } finally {
      setDeletingId(null);
    }
  }

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
          deletingId={deletingId}
          onEdit={edit}
          onDelete={(c) => void remove(c)}
        />
      </div>
    </AdminPage>
  );
}
