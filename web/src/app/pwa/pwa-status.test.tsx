import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForInstallPrompt } from '#web/lib/pwa';
import { setLastSynced } from '#web/lib/network-status';
import { renderWithApp } from '#web/test/render';
import { PwaStatus } from './pwa-status';

afterEach(() => {
  act(() => {
    window.dispatchEvent(new Event('online'));
    setLastSynced(null);
  });
  vi.restoreAllMocks();
});

describe('PWA notices', () => {
  it('shows the offline banner with the time of the last catalogue copy, and hides it when back online', async () => {
    renderWithApp(<PwaStatus />);
    expect(screen.queryByText("You're offline.")).not.toBeInTheDocument();
    const at = new Date(2026, 10, 2, 9, 30).getTime();
    act(() => {
      setLastSynced(at);
      window.dispatchEvent(new Event('offline'));
    });
    const banner = await screen.findByTestId('offline-banner');
    expect(banner).toHaveTextContent("You're offline.");
    expect(banner).toHaveTextContent(
      `Showing the catalogue saved ${new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}.`,
    );
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(banner).toBeEmptyDOMElement();
  });

  it('offers Install app once the browser fires beforeinstallprompt, and prompts on click', async () => {
    const user = userEvent.setup();
    listenForInstallPrompt();
    renderWithApp(<PwaStatus />);
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
    const prompt = vi.fn(() => Promise.resolve());
    act(() => {
      window.dispatchEvent(
        Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt,
          userChoice: Promise.resolve({ outcome: 'accepted' }),
        }),
      );
    });
    await user.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('tells iOS Safari users how to add the app from the Share menu, until dismissed', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    renderWithApp(<PwaStatus />);
    const hint = screen.getByRole('region', { name: 'Install Threadline' });
    expect(hint).toHaveTextContent('Install Threadline: tap Share, then Add to Home Screen.');
    await user.click(screen.getByRole('button', { name: 'Dismiss install hint' }));
    expect(screen.queryByRole('region', { name: 'Install Threadline' })).not.toBeInTheDocument();
  });
});
