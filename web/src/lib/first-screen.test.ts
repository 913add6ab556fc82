import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module each time: its gate is made once per page. */
const fresh = async () => {
  vi.resetModules();
  return import('./first-screen');
};

describe('first screen gate', () => {
  afterEach(() => vi.useRealTimers());

  it('opens once no resource has finished for 2 s after load, not before', async () => {
    vi.useFakeTimers();
    const { firstScreenDone } = await fresh();
    let open = false;
    void firstScreenDone().then(() => (open = true));
    await vi.advanceTimersByTimeAsync(1900);
    expect(open).toBe(false);
    await vi.advanceTimersByTimeAsync(3200); // the quiet time, then the idle callback's own wait at most
    expect(open).toBe(true);
  });

  it('opens at once when a test opens it, and every caller gets the same moment', async () => {
    const { firstScreenDone, openFirstScreenGate } = await fresh();
    const first = firstScreenDone();
    openFirstScreenGate();
    await expect(first).resolves.toBeUndefined();
    expect(firstScreenDone()).toBe(first);
  });

  it('lets a small write through once the page has loaded and is idle, long before the gate opens', async () => {
    vi.useFakeTimers();
    const { firstScreenDone, loadedAndIdle } = await fresh();
    let gate = false;
    let write = false;
    void firstScreenDone().then(() => (gate = true));
    void loadedAndIdle().then(() => (write = true));
    await vi.advanceTimersByTimeAsync(600); // an idle callback's wait at most
    expect(write).toBe(true);
    expect(gate).toBe(false);
  });
});
