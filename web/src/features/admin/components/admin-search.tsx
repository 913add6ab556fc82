import { useState } from 'react';
import { LIMITS } from '#contract/limits';
import ui from './admin-ui.module.css';
import bar from './orders-page.module.css';

interface Props {
  /** The list it searches, e.g. "Orders": the search landmark's name and "Search orders" as the label. */
  name: string;
  placeholder: string;
  /** The search being shown; the box starts from it. */
  q: string;
  onSearch: (q: string) => void;
}

/**
 * An admin list's search (orders, products): runs on submit, so typing sends nothing until the admin asks;
 * the text is trimmed and held to the query limit.
 */
export function AdminSearch({ name, placeholder, q, onSearch }: Props) {
  const [draft, setDraft] = useState(q);
  const id = `${name.toLowerCase()}-search`;
  return (
    <form
      role="search"
      aria-label={name}
      className={bar.search}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <label htmlFor={id} className={ui.label}>
        Search {name.toLowerCase()}
      </label>
      <input
        id={id}
        type="search"
        className={ui.input}
        placeholder={placeholder}
        maxLength={LIMITS.queryText}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" className={ui.secondary}>
        Search
      </button>
    </form>
  );
}
