import type { ReactNode } from 'react';
import type { Order } from '#contract/schemas/order';
import { parseShipping, shippingText } from '../api/admin-orders';

export const NA = 'N/A';

/** One label and value of a description list (`className` for lists whose rows carry one). */
export function Fact({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What each screen calls the ship-to rows. */
export interface ShipToLabels {
  name: string;
  phone: string;
  address: string;
  notes: string;
}

/**
 * Where an order goes, from its shipping JSON, as rows of a `<dl>`: the recipient (else `fallbackName`, else
 * N/A), phone and address (N/A when missing), the screen's own rows (`children`), then any notes. The packing
 * slip and the order details modal both show it, each with its own labels.
 */
export function ShipToFacts({
  order,
  labels,
  fallbackName = '',
  rowClassName,
  children,
}: {
  order: Order;
  labels: ShipToLabels;
  fallbackName?: string;
  rowClassName?: string;
  children?: ReactNode;
}) {
  const shipping = parseShipping(order.shipping_address);
  const notes = shippingText(shipping.notes);
  return (
    <>
      <Fact label={labels.name} className={rowClassName}>
        {shippingText(shipping.name) ?? (fallbackName || NA)}
      </Fact>
      <Fact label={labels.phone} className={rowClassName}>
        {shippingText(shipping.phone) ?? NA}
      </Fact>
      <Fact label={labels.address} className={rowClassName}>
        {shippingText(shipping.order_address) ?? NA}
      </Fact>
      {children}
      {notes && (
        <Fact label={labels.notes} className={rowClassName}>
          {notes}
        </Fact>
      )}
    </>
  );
}
