import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { DemoBar } from './demo-bar';

it('is one labelled toggle button: it switches the demo network and shows the state in aria-pressed', async () => {
  const setOffline = vi.fn();
  render(<DemoBar network={{ isOffline: () => false, setOffline }} />);
  const strip = screen.getByRole('complementary', { name: 'Demo controls' });
  expect(strip).toHaveTextContent('Demo store');
  const button = screen.getByRole('button', { name: 'Offline mode' });
  expect(button).toHaveAttribute('aria-pressed', 'false');

  const user = userEvent.setup();
  await user.click(button);
  expect(setOffline).toHaveBeenLastCalledWith(true);
  expect(button).toHaveAttribute('aria-pressed', 'true');
  button.focus();
  await user.keyboard('{Enter}');
  expect(setOffline).toHaveBeenLastCalledWith(false);
  expect(button).toHaveAttribute('aria-pressed', 'false');
});
