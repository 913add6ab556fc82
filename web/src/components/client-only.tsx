import type { ReactNode } from 'react';
import { useAtomValue } from '#web/lib/jotai';
import { hydratingAtom } from '#web/lib/session/auth-atoms';

/**
 * Its children only in the browser, after a server-rendered page has hydrated (issue 28): what depends on the
 * device or on kept state is in no server HTML, so the first client render matches it. Use for what takes no
 * room in the layout (a corner toast, a badge), or reserve its room in the CSS.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useAtomValue(hydratingAtom) ? null : children;
}
