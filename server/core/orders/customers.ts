/**
 * The customers on the orders (each distinct name and e-mail pair), for the admin's search: a shop has
 * far fewer customers than orders, so a search tests each customer once (orderSearch's rule) instead
 * of every order, and knows how many orders it finds from each customer's counts per status. Per order
 * only its customer's number is kept (IdSlots), so the walk over the timeline that picks a page reads
 * two small integers per order.
 */
import type { OrderSearch } from '#contract/rules/order-search';
import { customerMatches } from '#contract/rules/order-search';
import { IdSlots } from '../structures/id-slots';
import type { StatusSlot } from './stats';
import { SLOTS, slotOf } from './stats';

interface OrderCustomer {
  id: number;
  name: string;
  email: string;
  status: string;
}

export class OrderCustomers {
  private readonly byName = new Map<string, Map<string, number>>();
  private readonly lowerNames: string[] = [];
  private readonly lowerEmails: string[] = [];
  /** SLOTS counts per customer, one after the other. */
  private counts = new Int32Array(64 * SLOTS);
  private readonly customerOf = new IdSlots();

  private numberOf(name: string, email: string): number {
    let emails = this.byName.get(name);
    if (!emails) this.byName.set(name, (emails = new Map()));
    let n = emails.get(email);
    if (n === undefined) {
      n = this.lowerNames.length;
      emails.set(email, n);
      this.lowerNames.push(name.toLowerCase());
      this.lowerEmails.push(email.toLowerCase());
      if ((n + 1) * SLOTS > this.counts.length) {
        const next = new Int32Array(this.counts.length * 2);
        next.set(this.counts);
        this.counts = next;
      }
    }
    return n;
  }

  add(o: OrderCustomer): void {
    const n = this.numberOf(o.name, o.email);
    this.customerOf.set(o.id, n);
    this.counts[n * SLOTS + slotOf(o.status)]!++;
  }

  remove(o: OrderCustomer): void {
    const n = this.customerOf.get(o.id);
    if (n === -1) return;
    this.customerOf.delete(o.id);
    this.counts[n * SLOTS + slotOf(o.status)]!--;
  }

  /** The customers the search names: one flag per customer. */
  match(search: OrderSearch): Uint8Array {
    const hit = new Uint8Array(this.lowerNames.length);
    for (let n = 0; n < hit.length; n++)
      if (customerMatches(search, this.lowerNames[n]!, this.lowerEmails[n]!)) hit[n] = 1;
    return hit;
  }

  /** Orders of the flagged customers in one status slot, or in all of them. */
  countOf(hit: Uint8Array, slot: StatusSlot | null): number {
    let total = 0;
    for (let n = 0; n < hit.length; n++) {
      if (!hit[n]) continue;
      if (slot !== null) total += this.counts[n * SLOTS + slot]!;
      else for (let s = 0; s < SLOTS; s++) total += this.counts[n * SLOTS + s]!;
    }
    return total;
  }

  /** Whether the order's customer is flagged (false for an unknown order). */
  isHit(hit: Uint8Array, orderId: number): boolean {
    const n = this.customerOf.get(orderId);
    return n !== -1 && hit[n] === 1;
  }
}
