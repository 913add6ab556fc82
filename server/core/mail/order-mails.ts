/** The mails about an order: the shopper's confirmation and status news, and the shop's new-order alert. */
import { formatMoney, fromCents, toCents } from '#contract/rules/money';
import type { OrderStatus, ShippingDetails } from '#contract/schemas/order';
import { shippingDetailsSchema } from '#contract/schemas/order';
import type { MailSettings } from '../ports';
import type { StoredOrder } from '../records';
import type { MailContent } from './layout';
import { button } from './layout';
import type { Markup } from './markup';
import { html, oneLine } from './markup';

const details = (order: StoredOrder): ShippingDetails => {
  let raw: unknown = {};
  try {
    raw = JSON.parse(order.shipping_address);
  } catch {
    // A spec-shaped order keeps its address as given; nothing more to show then.
  }
  const r = shippingDetailsSchema.safeParse(raw && typeof raw === 'object' ? raw : {});
  return r.success ? r.data : shippingDetailsSchema.parse({});
};

const addressLines = (d: ShippingDetails): string[] =>
  [
    d.name,
    d.street ?? d.address ?? d.order_address,
    [d.city, d.province].filter(Boolean).join(', '),
    d.country,
    d.phone,
  ]
    .map((l) => oneLine(l ?? ''))
    .filter(Boolean);

/** The messaging-app link of the order-success screen (web/src/features/checkout/whatsapp.ts). */
export function paymentChatLink(settings: MailSettings, orderId: number): string {
  const text = `Hello ${settings.store.name}! I have just placed order #${orderId} and would like to complete the payment online. Please send me the payment details.`;
  return `https://wa.me/${settings.store.whatsapp}?text=${encodeURIComponent(text)}`;
}

/** Lines, shipping and total, as an HTML table and as text. */
function summary(settings: MailSettings, order: StoredOrder): { body: Markup; text: string } {
  const money = (n: number) => formatMoney(n, settings.store.currency);
  const linesCents = order.items.reduce((sum, it) => sum + toCents(it.price) * it.qty, 0);
  const shipping = fromCents(Math.max(0, toCents(order.total) - linesCents));
  const option = (it: StoredOrder['items'][number]) =>
    [it.size && `Size ${it.size}`, it.color && `Colour ${it.color}`].filter(Boolean).join(', ');
  const rows = order.items.map(
    (it) =>
      html`<tr>
        <td style="padding:6px 0;vertical-align:top">
          ${it.product_title}<br /><span style="font-size:13px">${option(it)}</span>
        </td>
        <td style="padding:6px 8px;text-align:right;vertical-align:top">× ${it.qty}</td>
        <td style="padding:6px 0;text-align:right;vertical-align:top">
          ${money(fromCents(toCents(it.price) * it.qty))}
        </td>
      </tr>`,
  );
  const body = html`<table role="presentation" style="width:100%;border-collapse:collapse">
    ${rows}
    <tr>
      <td style="padding:6px 0;border-top:1px solid #8884">Shipping</td>
      <td></td>
      <td style="padding:6px 0;text-align:right;border-top:1px solid #8884">${money(shipping)}</td>
    </tr>
    <tr>
      <td style="padding:6px 0;font-weight:700">Total</td>
      <td></td>
      <td style="padding:6px 0;text-align:right;font-weight:700">${money(order.total)}</td>
    </tr>
  </table>`;
  const text = [
    ...order.items.map(
      (it) =>
        `${oneLine(it.product_title)}${option(it) ? ` (${option(it)})` : ''} × ${it.qty}: ${money(fromCents(toCents(it.price) * it.qty))}`,
    ),
    `Shipping: ${money(shipping)}`,
    `Total: ${money(order.total)}`,
  ].join('\n');
  return { body, text };
}

export function orderConfirmation(settings: MailSettings, order: StoredOrder): MailContent {
  const sum = summary(settings, order);
  const address = addressLines(details(order));
  const chat = paymentChatLink(settings, order.id);
  const account = `${settings.publicUrl}/profile`;
  return {
    subject: `Your order #${order.id} at ${settings.store.name}`,
    body: html`<h1 style="font-size:22px;margin:0 0 12px">Thank you for your order #${order.id}</h1>
      <p>We have received your order and will prepare it soon. You pay cash on delivery.</p>
      ${sum.body}
      <h2 style="font-size:17px;margin:24px 0 8px">Delivery address</h2>
      <p style="margin:0">${address.map((l) => html`${l}<br />`)}</p>
      <p>Rather pay online? Message us and we will send the payment details.</p>
      ${button(chat, 'Message us about the payment')}
      <p><a href="${account}" style="color:inherit">Your orders</a></p>`,
    text: `Thank you for your order #${order.id}

We have received your order and will prepare it soon. You pay cash on delivery.

${sum.text}

Delivery address:
${address.join('\n')}

Rather pay online? Message us and we will send the payment details: ${chat}

Your orders: ${account}`,
  };
}

export function newOrderAlert(settings: MailSettings, order: StoredOrder): MailContent {
  const sum = summary(settings, order);
  const d = details(order);
  const link = `${settings.publicUrl}/admin/orders`;
  const who = oneLine(`${order.name} <${order.email}>`);
  return {
    subject: `New order #${order.id}: ${formatMoney(order.total, settings.store.currency)}`,
    body: html`<h1 style="font-size:22px;margin:0 0 12px">New order #${order.id}</h1>
      <p>From ${who}${d.phone ? html`, ${d.phone}` : ''}.</p>
      ${sum.body}
      <h2 style="font-size:17px;margin:24px 0 8px">Delivery address</h2>
      <p style="margin:0">${addressLines(d).map((l) => html`${l}<br />`)}</p>
      ${d.notes ? html`<p>Notes: ${d.notes}</p>` : ''} ${button(link, 'Open the orders')}`,
    text: `New order #${order.id}

From ${who}${d.phone ? `, ${oneLine(d.phone)}` : ''}.

${sum.text}

Delivery address:
${addressLines(d).join('\n')}
${d.notes ? `\nNotes: ${d.notes}\n` : ''}
Open the orders: ${link}`,
  };
}

/** The statuses a shopper hears about. */
export const NEWS_STATUSES: readonly OrderStatus[] = ['processing', 'shipped', 'completed', 'cancelled'];

const NEWS: Partial<Record<OrderStatus, { title: string; line: string }>> = {
  processing: { title: 'is being prepared', line: 'We are preparing your order.' },
  shipped: {
    title: 'is on its way',
    line: 'Your order has been shipped. Please have the cash ready on delivery.',
  },
  completed: { title: 'is complete', line: 'Your order is complete. Thank you for shopping with us.' },
  cancelled: {
    title: 'was cancelled',
    line: 'Your order was cancelled. If this is unexpected, reply to this mail.',
  },
};

export function orderStatusNews(
  settings: MailSettings,
  order: StoredOrder,
  status: OrderStatus,
): MailContent {
  const news = NEWS[status] ?? { title: `is now ${status}`, line: `Your order is now ${status}.` };
  const account = `${settings.publicUrl}/profile`;
  const sum = summary(settings, order);
  return {
    subject: `Your order #${order.id} ${news.title}`,
    body: html`<h1 style="font-size:22px;margin:0 0 12px">Your order #${order.id} ${news.title}</h1>
      <p>${news.line}</p>
      ${sum.body} ${button(account, 'Your orders')}`,
    text: `Your order #${order.id} ${news.title}

${news.line}

${sum.text}

Your orders: ${account}`,
  };
}
