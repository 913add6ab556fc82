import { api } from '#web/lib/api-client';

/** GET /notifications: the signed-in shopper's back-in-stock notifications, newest first. */
export function fetchNotifications(signal?: AbortSignal) {
  return api('listNotifications', { signal });
}

/** POST /notifications/{id}/read: answers the notification, now read. */
export function markNotificationRead(id: number) {
  return api('readNotification', { params: { id } });
}
