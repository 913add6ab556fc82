import { useCallback, useState } from 'react';
import { parseQty } from '#web/components/quantity-stepper';
import type { CartLine } from '#contract/schemas/cart';

/**
 * Quantity edits stay local until Update Cart (spec section 4). Drafts are keyed by the line's identity
 * (product + size + colour, the merge key), not by position, so removing a line above never moves a
 * pending edit onto its neighbour.
 */
export const lineKey = (l: Pick<CartLine, 'productId' | 'selectedSize' | 'selectedColor'>): string =>
  `${l.productId}|${l.selectedSize}|${l.selectedColor}`;

/** `leftOf` caps an edit at what is left of the line's size and colour, when that is known (issue 14). */
export function useCartDraft(
  lines: readonly CartLine[],
  leftOf: (l: CartLine) => number | undefined = () => undefined,
) {
  const [draft, setDraft] = useState<Record<string, string>>({});

  const valueOf = useCallback((l: CartLine) => draft[lineKey(l)] ?? String(l.qty), [draft]);
  const edit = useCallback(
    (l: CartLine, text: string) => setDraft((d) => ({ ...d, [lineKey(l)]: text })),
    [],
  );
  /** The quantities Update Cart pushes: the edited ones, the committed ones elsewhere. */
  const quantities = lines.map((l) => parseQty(draft[lineKey(l)], leftOf(l)) ?? l.qty);
  const reset = useCallback(() => setDraft({}), []);

  return { valueOf, edit, quantities, reset };
}
