import { useState } from 'react';
import type { Category } from '#contract/schemas/category';
import { deleteCategory, useCategoryPolling } from '../api/admin-categories';
import { CategoryForm } from './category-form';
import { CategoryList } from './category-list';
import { PageMeta } from '#web/components/page-meta';
import ui from './admin-ui.module.css';
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
      await refresh();
    } catch {
      window.alert('Error deleting category');
    } finally {
      setDeletingId(null);
    }
  }

  const count = categories.length;
  return (
    <section aria-labelledby="categories-title">
      <PageMeta title="Admin Categories" description="Create, edit and remove categories." />
      <header className={ui.pageHeader}>
        <div>
          <h1 id="categories-title" className={ui.pageTitle}>
            Categories
          </h1>
          <p className={ui.pageSubtitle}>Organise the catalogue shoppers browse by.</p>
        </div>
        <p className={styles.count}>
          <strong>{count}</strong> {count === 1 ? 'category' : 'categories'}
        </p>
      </header>
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
    </section>
  );
}
