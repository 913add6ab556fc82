import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from './components/admin-layout';
import { DashboardPage } from './components/dashboard-page';
import { ProductsPage } from './components/products-page';
import { CategoriesPage } from './components/categories-page';
import { OrdersPage } from './components/orders-page';

/**
 * The nested admin area under /admin/*. The app's route table loads this module lazily behind
 * RequireAdmin, so everything imported here stays out of the shoppers' bundles.
 */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="categories" element={<CategoriesPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
