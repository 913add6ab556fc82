import { useEffect } from 'react';
import { useQuery } from '../use-query';
import { onOutboxChange, savedOrdersOf } from './outbox';
import type { SavedOrder } from './outbox-db';

/** One account's saved orders (newest first), kept current as the outbox changes in any tab or the worker. */
export function useSavedOrders(userId: number | null): { orders: SavedOrder[]; loading: boolean } {
  const { data, loading, refresh } = useQuery(
    userId === null ? null : ['savedOrders', userId],
    () => savedOrdersOf(userId!),
    { keepPreviousData: true },
  );
  useEffect(() => onOutboxChange(refresh), [refresh]);
  return { orders: data ?? [], loading };
}
