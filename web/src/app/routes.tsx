import { Suspense } from 'react';
import { Routes } from 'react-router';
import { layoutRoutes } from '#web/components/layout-routes';
import { ShopLayout } from './shop-layout';
import { RequireAdmin, RequireUser } from './guards';
import { lazyPage, lazyPages } from './lazy-page';
import { PageFallback } from './page-fallback';

/** The shop's screens, each its own chunk, loaded on first visit. */
const Screens = lazyPages({
  HomePage: () => import('#web/features/catalog/components/home-page'),
  ProductListPage: () => import('#web/features/catalog/components/product-list-page'),
  ProductDetailPage: () => import('#web/features/product/components/product-detail-page'),
  CartPage: () => import('#web/features/cart/components/cart-page'),
  CheckoutPage: () => import('#web/features/checkout/components/checkout-page'),
  OrderSuccessPage: () => import('#web/features/checkout/components/order-success-page'),
  OrderSavedPage: () => import('#web/features/checkout/components/order-saved-page'),
  OrderPage: () => import('#web/features/checkout/components/order-page'),
  LoginPage: () => import('#web/features/account/components/login-page'),
  RegisterPage: () => import('#web/features/account/components/register-page'),
  ForgotPasswordPage: () => import('#web/features/account/components/forgot-password-page'),
  ResetPasswordPage: () => import('#web/features/account/components/reset-password-page'),
  ProfilePage: () => import('#web/features/account/components/profile-page'),
  PrivacyPolicyPage: () => import('#web/features/pages/components/privacy-policy-page'),
  WishlistPage: () => import('#web/features/wishlist/components/wishlist-page'),
});
/** The admin area: its own chunk, loaded only behind RequireAdmin. */
const AdminRoutes = lazyPage(() => import('#web/features/admin/admin-routes'), 'AdminRoutes');

/** The route table of spec section 2. Unknown paths redirect to /. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        {layoutRoutes(<ShopLayout />, {
          '': <Screens.HomePage />,
          products: <Screens.ProductListPage />,
          'product/:id': <Screens.ProductDetailPage />,
          cart: <Screens.CartPage />,
          checkout: <Screens.CheckoutPage />,
          'order-success/:orderId': (
            <RequireUser>
              <Screens.OrderSuccessPage />
            </RequireUser>
          ),
          'order-saved/:key': (
            <RequireUser>
              <Screens.OrderSavedPage />
            </RequireUser>
          ),
          'orders/:id': (
            <RequireUser>
              <Screens.OrderPage />
            </RequireUser>
          ),
          login: <Screens.LoginPage />,
          register: <Screens.RegisterPage />,
          'forgot-password': <Screens.ForgotPasswordPage />,
          'reset-password': <Screens.ResetPasswordPage />,
          profile: (
            <RequireUser>
              <Screens.ProfilePage />
            </RequireUser>
          ),
          'privacy-policy': <Screens.PrivacyPolicyPage />,
          wishlist: <Screens.WishlistPage />,
          'admin/*': (
            <RequireAdmin>
              <AdminRoutes />
            </RequireAdmin>
          ),
        })}
      </Routes>
    </Suspense>
  );
}
