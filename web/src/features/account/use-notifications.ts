import { useCallback } from 'react';
import type { Notification } from '#contract/schemas/stock';
import { ApiError } from '#web/lib/api-client';
import { useAtomValue, useSetAtom } from '#web/lib/jotai';
import { clearAuthAtom, userAtom } from '#web/lib/session/auth-atoms';
import { useQuery } from '#web/lib/use-query';
import { fetchNotifications, markNotificationRead } from './api/notifications-api';
import { notificationsAtom, putNotificationAtom } from './atoms';

/** How often the header looks for new notifications while the page is visible (and on coming back to it). */
export const NOTIFICATIONS_POLL_MS = 60_000;

const NONE: readonly Notification[] = [];

interface Options {
  /** The header polls (no faster than NOTIFICATIONS_POLL_MS); the profile loads once as it opens. */
  pollMs?: number;
}

/**
 * Back-in-stock notifications of the signed-in shopper (issue 14): nothing is asked signed out or for an
 * admin. A failed load keeps what was shown (silent: the badge is a hint, not a task); an ended session
 * drops the local sign-in, as the orders list does.
 */
export function useNotifications({ pollMs }: Options = {}) {
  const user = useAtomValue(userAtom);
  const held = useAtomValue(notificationsAtom);
  const setHeld = useSetAtom(notificationsAtom);
  const put = useSetAtom(putNotificationAtom);
  const clearAuth = useSetAtom(clearAuthAtom);
  const userId = user && user.is_admin !== 1 ? user.id : null;

  const { loading, refresh } = useQuery(
    userId === null ? null : ['notifications', userId],
    async (signal) => {
      const items = await fetchNotifications(signal);
      if (userId !== null && !signal.aborted) setHeld({ userId, items });
      return items;
    },
    {
      pollMs,
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) clearAuth();
      },
    },
  );

  const markRead = useCallback(
    async (id: number) => {
      try {
        put(await markNotificationRead(id));
      } catch {
        // Still unread: it stays marked so, and the next load tells the truth.
      }
    },
    [put],
  );

  const items = held && held.userId === userId ? held.items : NONE;
  const unread = items.filter((n) => !n.read).length;
  return { items, unread, loading: loading && items.length === 0, refresh, markRead };
}

/**
 * The unread count only, from what the account menu's poll last loaded (no request of its own): the
 * phone header, whose account menu is folded into the side menu, shows it on the menu button.
 */
export function useUnreadNotifications(): number {
  const user = useAtomValue(userAtom);
  const held = useAtomValue(notificationsAtom);
  if (!user || user.is_admin === 1 || !held || held.userId !== user.id) return 0;
  return held.items.filter((n) => !n.read).length;
}
