import type { ReactNode } from 'react';
import { PageMeta } from '#web/components/page-meta';
import ui from './admin-ui.module.css';

/** Each admin screen's page title, meta description and heading. */
const ADMIN_PAGES = {
  dashboard: {
    title: 'Admin Dashboard',
    description: 'Sales totals and best sellers of the store.',
    heading: 'Admin Dashboard',
  },
  products: {
    title: 'Admin Products',
    description: 'Create, edit and remove products.',
    heading: 'Products',
  },
  categories: {
    title: 'Admin Categories',
    description: 'Create, edit and remove categories.',
    heading: 'Categories',
  },
  orders: {
    title: 'Orders Management',
    description: 'Follow orders and change their status.',
    heading: 'Orders Management',
  },
  mail: {
    title: 'Admin Mailbox',
    description: 'The mails the store sends, and their delivery.',
    heading: 'Mailbox',
  },
};

interface Props {
  page: keyof typeof ADMIN_PAGES;
  subtitle: ReactNode;
  /** Shown at the header's end: counts, the screen's main action. */
  aside?: ReactNode;
  children: ReactNode;
}

/** An admin screen: a section named by its heading (id `<page>-title`), the header with subtitle and aside. */
export function AdminPage({ page, subtitle, aside, children }: Props) {
  const { title, description, heading } = ADMIN_PAGES[page];
  const headingId = `${page}-title`;
  return (
    <section aria-labelledby={headingId}>
      <PageMeta title={title} description={description} />
      <header className={ui.pageHeader}>
        <div>
          <h1 id={headingId} className={ui.pageTitle}>
            {heading}
          </h1>
          <p className={ui.pageSubtitle}>{subtitle}</p>
        </div>
        {aside}
      </header>
      {children}
    </section>
  );
}
