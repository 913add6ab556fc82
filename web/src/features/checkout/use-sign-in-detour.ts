import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutForm } from '#contract/rules/validation';
import { saveDraft } from './checkout-form';

export const CHECKOUT_PATH = '/checkout';

/** Where "sign in, then come back" goes: /login, told to return to checkout afterwards. */
export const SIGN_IN_DETOUR = { to: '/login', state: { from: CHECKOUT_PATH } } as const;

/**
 * Sign in, then come back: the form is saved as a draft (read back into checkout on return) and the
 * shopper goes to /login. For links, saveDraft on click and point them at SIGN_IN_DETOUR.
 */
export function useSignInDetour() {
  const navigate = useNavigate();
  return useCallback(
    (form: CheckoutForm) => {
      saveDraft(form);
      navigate(SIGN_IN_DETOUR.to, { state: SIGN_IN_DETOUR.state });
    },
    [navigate],
  );
}
