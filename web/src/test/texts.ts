import { within, type ByRoleMatcher } from '@testing-library/react';

/** The text of each element of `role` inside `container`, in order: a select's options, a row's cells. */
export function textsOf(container: HTMLElement, role: ByRoleMatcher): (string | null)[] {
  return within(container)
    .getAllByRole(role)
    .map((e) => e.textContent);
}
