import type { ReactElement } from 'react';
import { Navigate, Route } from 'react-router';

/**
 * A layout route over its pages, by path ('' is the index route), in order; any other path below it
 * redirects to /. A function, not a component: <Routes> accepts only <Route> elements as children.
 */
export function layoutRoutes(layout: ReactElement, pages: Record<string, ReactElement>): ReactElement {
  return (
    <Route element={layout}>
      {Object.entries(pages).map(([path, page]) =>
        path === '' ? <Route key="" index element={page} /> : <Route key={path} path={path} element={page} />,
      )}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Route>
  );
}
