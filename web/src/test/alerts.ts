import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/**
 * Silences window.alert in every test of the calling describe block (restoring all mocks after each), and
 * returns the current test's spy, to read what was alerted: expect(alerts()).toHaveBeenCalledWith('...').
 */
export function muteAlerts(): () => MockInstance<typeof window.alert> {
  let spy: MockInstance<typeof window.alert> | undefined;
  beforeEach(() => {
    spy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());
  return () => {
    if (!spy) throw new Error('muteAlerts: read the spy inside a test');
    return spy;
  };
}
