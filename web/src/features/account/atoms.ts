import type { Notification } from '#contract/schemas/stock';
import { atom } from '#web/lib/jotai';

/**
 * The signed-in shopper's back-in-stock notifications (issue 14), shared by the header's badge and the
 * profile's list, so reading one in the profile lowers the badge at once. Kept with the account it belongs
 * to: after a sign-out and another sign-in nothing of the previous account shows.
 */
export const notificationsAtom = atom<{ userId: number; items: readonly Notification[] } | null>(null);

/** Replace one notification with the server's newer copy of it (e.g. after marking it read). */
export const putNotificationAtom = atom(null, (get, set, next: Notification) => {
  const held = get(notificationsAtom);
  if (!held) return;
  set(notificationsAtom, { ...held, items: held.items.map((n) => (n.id === next.id ? next : n)) });
});
