/**
 * What the admin's order search `q` finds: an order whose customer name or e-mail holds the text (any
 * case), or whose id is the text (`123` or `#123`). The server matches customers through an index
 * (server/core/orders/customers.ts); this is the rule itself, which tests hold the index to.
 */
export interface OrderSearch {
  /** Trimmed and lower-cased; '' matches every order. */
  text: string;
  /** The order id the text names, if it is one. */
  id: number | null;
}

const ID = /^#?(\d{1,15})$/;

export function orderSearch(q: string | undefined): OrderSearch {
  const text = (q ?? '').trim().toLowerCase();
  const digits = ID.exec(text)?.[1];
  return { text, id: digits ? Number(digits) : null };
}

/** The customer half of the rule, on texts already lower-cased. */
export const customerMatches = (search: OrderSearch, lowerName: string, lowerEmail: string): boolean =>
  search.text === '' || lowerName.includes(search.text) || lowerEmail.includes(search.text);

export function matchesOrderSearch(
  search: OrderSearch,
  order: { id: number; name: string; email: string },
): boolean {
  return (
    order.id === search.id || customerMatches(search, order.name.toLowerCase(), order.email.toLowerCase())
  );
}
