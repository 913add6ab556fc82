/** Placeholder until the admin issue builds the area (layout, dashboard, products, categories, orders). */
export function AdminRoutes() {
  return <h1>Admin Dashboard</h1>;
}
