import { Routes } from 'react-router';
import { layoutRoutes } from '#web/components/layout-routes';
import { AdminLayout } from './components/admin-layout';
import { DashboardPage } from './components/dashboard-page';
import { ProductsPage } from './components/products-page';
import { CategoriesPage } from './components/categories-page';
import { OrdersPage } from './components/orders-page';
import { ActivityPage } from './components/activity-page';
import { MailPage } from './components/mail-page';

/**
 * The nested admin area under /admin/*. The app's route table loads this module lazily behind
 * RequireAdmin, so everything imported here stays out of the shoppers' bundles.
 */
export function AdminRoutes() {
  return (
    <Routes>
      {layoutRoutes(<AdminLayout />, {
        '': <DashboardPage />,
        products: <ProductsPage />,
        categories: <CategoriesPage />,
        orders: <OrdersPage />,
        activity: <ActivityPage />,
        mail: <MailPage />,
      })}
    </Routes>
  );
}
