import { Toast } from '#web/components/toast';

/** The cart's toast (Cart updated successfully ✅): the shared Toast, announced politely. */
export function CartToast({ message }: { message: string | null }) {
  return <Toast message={message} />;
}
