import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ShopLayout } from './shop-layout';
import { RequireAdmin, RequireUser } from './guards';
import { lazyPage } from './lazy-page';
import { PageFallback } from './page-fallback';

const HomePage = lazyPage(() => import('#web/features/catalog/components/home-page'), 'HomePage');
const ProductListPage = lazyPage(() => import('#web/features/catalog/components/product-list-page'), 'ProductListPage');
const ProductDetailPage = lazyPage(() => import('#web/features/product/components/product-detail-page'), 'ProductDetailPage');
const CartPage = lazyPage(() => import('#web/features/cart/components/cart-page'), 'CartPage');
const CheckoutPage = lazyPage(() => import('#web/features/checkout/components/checkout-page'), 'CheckoutPage');
const OrderSuccessPage = lazyPage(() => import('#web/features/checkout/components/order-success-page'), 'OrderSuccessPage');
const LoginPage = lazyPage(() => import('#web/features/account/components/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('#web/features/account/components/register-page'), 'RegisterPage');
const ProfilePage = lazyPage(() => import('#web/features/account/components/profile-page'), 'ProfilePage');
const PrivacyPolicyPage = lazyPage(() => import('#web/features/pages/components/privacy-policy-page'), 'PrivacyPolicyPage');
const WishlistPage = lazyPage(() => import('#web/features/pages/components/wishlist-page'), 'WishlistPage');
const AdminRoutes = lazyPage(() => import('#web/features/admin/admin-routes'), 'AdminRoutes');

/** The route table of spec section 2. Unknown paths redirect to /. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route element={<ShopLayout />}>
          <Route index element={<HomePage />} />
          <Route path="products" element={<ProductListPage />} />
          <Route path="product/:id" element={<ProductDetailPage />} />
          <Route path="cart" element={<CartPage />} />
          <Route path="checkout" element={<CheckoutPage />} />
          <Route path="order-success/:orderId" element={<RequireUser><OrderSuccessPage /></RequireUser>} />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="profile" element={<RequireUser><ProfilePage /></RequireUser>} />
          <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="wishlist" element={<WishlistPage />} />
          <Route path="admin/*" element={<RequireAdmin><AdminRoutes /></RequireAdmin>} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
