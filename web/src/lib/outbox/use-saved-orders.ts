import { useEffect } from 'react';
import { useQuery } from '../use-query';
import { onOutboxChange, savedOrdersOf } from './outbox';
import type { SavedOrder } from './outbox-db';

/**
 * One account's saved orders (newest first), kept current as the outbox changes in any tab or the worker.
 * `loading` is true only until this account's orders have been read once: a re-read keeps them shown.
 */
export function useSavedOrders(userId: number | null): { orders: SavedOrder[]; loading: boolean } {
  const { data, loading, refresh } = useQuery(userId === null ? null : ['savedOrders', userId], () =>
    savedOrdersOf(userId!),
  );
  useEffect(() => onOutboxChange(refresh), [refresh]);
  return { orders: data ?? [], loading: loading && data === undefined };
}
