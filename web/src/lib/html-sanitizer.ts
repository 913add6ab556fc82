import DOMPurify from 'dompurify';
import { createContext, useContext, useMemo } from 'react';

/**
 * Admin-written HTML (a product description) made safe to show: DOMPurify in the browser; on the server, which
 * has no DOM, the server's own sanitizer (the same allow-list) given by its rendering (entry-server.tsx).
 */
export const ServerSanitizerContext = createContext<((html: string) => string) | null>(null);

export function useSafeHtml(html: string): string {
  const server = useContext(ServerSanitizerContext);
  return useMemo(() => (server ? server(html) : DOMPurify.sanitize(html)), [server, html]);
}
