/**
 * One page of the admin's orders from the order book, newest first. Without q a page is a slice of
 * the status's timeline (or the whole shop's): its cost is its length, whatever the page number. With
 * q the customers are matched first (one test per customer, not per order), which also gives the total;
 * then the timeline is walked from the newest order, two integer reads per order, until the page is
 * full or every match is seen. So a search costs at most one pass over the ids of the status's orders,
 * and far less when the customer has recent orders.
 */
import type { OrderSearch } from '#contract/rules/order-search';
import { orderSearch } from '#contract/rules/order-search';
import type { OrderStatus } from '#contract/schemas/order';
import type { OrderCounts } from '#contract/schemas/order-list';
import type { OrderBookState } from './book';
import { statusSlot } from './stats';
import type { OrderTimeline } from './timeline';
import type { StoredOrder } from '../records';

export interface OrderPageRequest {
  page: number;
  limit: number;
  status?: OrderStatus;
  q?: string;
}

export interface OrderIdPage {
  ids: number[];
  total: number;
  counts: OrderCounts;
}

function searchPage(
  book: OrderBookState,
  line: OrderTimeline,
  search: OrderSearch,
  get: (id: number) => StoredOrder | undefined,
  r: OrderPageRequest,
): { ids: number[]; total: number } {
  const hit = book.customers.match(search);
  const byCustomer = book.customers.countOf(hit, r.status ? statusSlot(r.status) : null);
  // The order the text names, when its customer does not already count it.
  const named = search.id === null ? undefined : get(search.id);
  const extra =
    named && (!r.status || named.status === r.status) && !book.customers.isHit(hit, named.id)
      ? named
      : undefined;
  const total = byCustomer + (extra ? 1 : 0);
  const skip = (r.page - 1) * r.limit;
  if (skip >= total) return { ids: [], total };
  if (byCustomer === 0) return { ids: extra ? [extra.id] : [], total };
  const ids: number[] = [];
  let seen = 0;
  for (let rank = 0; rank < line.size && ids.length < r.limit && seen < total; rank++) {
    const id = line.newest(rank)!;
    if (id !== extra?.id && !book.customers.isHit(hit, id)) continue;
    if (seen++ >= skip) ids.push(id);
  }
  return { ids, total };
}

export function orderIdPage(
  book: OrderBookState,
  get: (id: number) => StoredOrder | undefined,
  r: OrderPageRequest,
): OrderIdPage {
  const line = r.status ? book.byStatus[statusSlot(r.status)]! : book.all;
  const search = orderSearch(r.q);
  const counts = book.stats.counts();
  if (search.text !== '') return { ...searchPage(book, line, search, get, r), counts };
  return { ids: line.page((r.page - 1) * r.limit, r.limit), total: line.size, counts };
}
