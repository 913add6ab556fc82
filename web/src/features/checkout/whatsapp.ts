import { STORE } from '#web/lib/store-config';

/** The prefilled chat that arranges online payment for an order (spec: order-success screen). */
export function paymentMessage(orderId: string | number): string {
  return `Hello ${STORE.name}! I have just placed order #${orderId} and would like to complete the payment online. Please send me the payment details.`;
}

export function whatsappLink(orderId: string | number): string {
  return `https://wa.me/${STORE.whatsapp}?text=${encodeURIComponent(paymentMessage(orderId))}`;
}
