import type { ReactNode } from 'react';
import { fromCents, toCents } from '#contract/rules/money';
import { money } from '#web/lib/store-config';

type ClassName = string | undefined;

interface Props {
  subtotal: number;
  shipping: number;
  /** Shown after the shipping amount (e.g. where the estimate ships to). */
  shippingNote?: ReactNode;
  /** The screen's own classes: the list, every row, and the total row's extra one. */
  classes: { list: ClassName; row: ClassName; total: ClassName };
}

/** Subtotal, Shipping and Total (added in cents) as a description list, one row each. */
export function TotalsList({ subtotal, shipping, shippingNote, classes }: Props) {
  return (
    <dl className={classes.list}>
      <div className={classes.row}>
        <dt>Subtotal</dt>
        <dd>{money(subtotal)}</dd>
      </div>
      <div className={classes.row}>
        <dt>Shipping</dt>
        <dd>
          {money(shipping)}
          {shippingNote}
        </dd>
      </div>
      <div className={`${classes.row} ${classes.total}`}>
        <dt>Total</dt>
        <dd>{money(fromCents(toCents(subtotal) + toCents(shipping)))}</dd>
      </div>
    </dl>
  );
}
