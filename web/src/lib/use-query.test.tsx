import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useQuery, type QueryKey, type QueryOptions } from './use-query';

/** A fetcher whose answers the test releases by hand, one pending call per request, signals kept. */
function controlledFetcher<T>() {
  const calls: { key: string; signal: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }[] =
    [];
  const make = (key: string) => (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      // Deliberately ignores the signal: the hook itself must drop answers of aborted runs.
      calls.push({ key, signal, resolve, reject });
    });
  return { calls, make };
}

function setup<T>(initialKey: string | null, options: QueryOptions = {}) {
  const f = controlledFetcher<T>();
  const hook = renderHook(
    ({ k }: { k: string | null }) =>
      useQuery<T>(k === null ? null : ([k] as QueryKey), f.make(k ?? ''), options),
    { initialProps: { k: initialKey } },
  );
  return { ...f, ...hook };
}

async function settle(fn: () => void) {
  await act(async () => {
    fn();
    await Promise.resolve();
  });
}

describe('useQuery', () => {
  it('loads: loading first, then the data', async () => {
    const q = setup<string>('a');
    expect(q.result.current).toMatchObject({ data: undefined, error: null, loading: true });
    expect(q.calls).toHaveLength(1);
    await settle(() => q.calls[0]!.resolve('A'));
    expect(q.result.current).toMatchObject({ data: 'A', error: null, loading: false });
  });

  it('aborts the running request when the key changes, and says loading on the very first render', async () => {
    const q = setup<string>('a');
    const seen: boolean[] = [];
    q.rerender({ k: 'b' });
    seen.push(q.result.current.loading);
    expect(q.calls.map((c) => c.key)).toEqual(['a', 'b']);
    expect(q.calls[0]!.signal.aborted).toBe(true);
    expect(q.calls[1]!.signal.aborted).toBe(false);
    expect(seen).toEqual([true]);
  });

  it('never lets a late answer for an old key replace the newer one', async () => {
    const q = setup<string>('a');
    q.rerender({ k: 'b' });
    await settle(() => q.calls[1]!.resolve('B'));
    expect(q.result.current.data).toBe('B');
    await settle(() => q.calls[0]!.resolve('A (late)'));
    expect(q.result.current).toMatchObject({ data: 'B', loading: false });
  });

  it('ignores an old answer that lands while the new key is still loading', async () => {
    const q = setup<string>('a');
    q.rerender({ k: 'b' });
    await settle(() => q.calls[0]!.resolve('A (late)'));
    expect(q.result.current).toMatchObject({ data: undefined, loading: true });
    await settle(() => q.calls[1]!.reject(new Error('b failed')));
    expect(q.result.current.data).toBeUndefined();
    expect((q.result.current.error as Error).message).toBe('b failed');
  });

  it('a key that comes back after a detour loads again instead of claiming its old answer is current', async () => {
    const q = setup<string>('a');
    await settle(() => q.calls[0]!.resolve('A1'));
    q.rerender({ k: 'b' });
    q.rerender({ k: 'a' });
    expect(q.result.current).toMatchObject({ data: undefined, loading: true });
    expect(q.calls.map((c) => c.key)).toEqual(['a', 'b', 'a']);
    await settle(() => q.calls[2]!.resolve('A2'));
    expect(q.result.current.data).toBe('A2');
  });

  it('keepPreviousData shows the last answer while the next key loads', async () => {
    const q = setup<string>('a', { keepPreviousData: true });
    await settle(() => q.calls[0]!.resolve('A'));
    q.rerender({ k: 'b' });
    expect(q.result.current).toMatchObject({ data: 'A', loading: true });
    await settle(() => q.calls[1]!.resolve('B'));
    expect(q.result.current).toMatchObject({ data: 'B', loading: false });
  });

  it('refresh runs the fetcher again, aborting the run before it and keeping the data until the answer', async () => {
    const q = setup<string>('a');
    await settle(() => q.calls[0]!.resolve('A1'));
    act(() => q.result.current.refresh());
    expect(q.calls).toHaveLength(2);
    expect(q.result.current).toMatchObject({ data: 'A1', loading: true });
    act(() => q.result.current.refresh());
    expect(q.calls).toHaveLength(3);
    expect(q.calls[1]!.signal.aborted).toBe(true);
    await settle(() => q.calls[1]!.resolve('A2 (stale)'));
    expect(q.result.current.data).toBe('A1');
    await settle(() => q.calls[2]!.resolve('A3'));
    expect(q.result.current).toMatchObject({ data: 'A3', loading: false });
  });

  it('reports a failure as error state and calls onError once; aborted runs are not failures', async () => {
    const onError = vi.fn();
    const q = setup<string>('a', { onError });
    q.rerender({ k: 'b' });
    await settle(() => q.calls[0]!.reject(new DOMException('aborted', 'AbortError')));
    expect(onError).not.toHaveBeenCalled();
    const boom = new Error('boom');
    await settle(() => q.calls[1]!.reject(boom));
    expect(q.result.current).toMatchObject({ data: undefined, error: boom, loading: false });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(boom);
    act(() => q.result.current.refresh());
    expect(q.result.current).toMatchObject({ error: null, loading: true });
    await settle(() => q.calls[2]!.resolve('B'));
    expect(q.result.current).toMatchObject({ data: 'B', error: null, loading: false });
  });

  it('aborts the running request on unmount, and a failure after that is not reported', async () => {
    const onError = vi.fn();
    const q = setup<string>('a', { onError });
    q.unmount();
    expect(q.calls[0]!.signal.aborted).toBe(true);
    await settle(() => q.calls[0]!.reject(new Error('late')));
    expect(onError).not.toHaveBeenCalled();
  });

  it('a null key loads nothing', () => {
    const q = setup<string>(null);
    expect(q.calls).toHaveLength(0);
    expect(q.result.current).toMatchObject({ data: undefined, error: null, loading: false });
  });

  it('setData edits the held answer in place', async () => {
    const q = setup<number[]>('a');
    await settle(() => q.calls[0]!.resolve([1, 2]));
    act(() => q.result.current.setData((list) => list?.map((n) => n * 10)));
    expect(q.result.current).toMatchObject({ data: [10, 20], loading: false });
  });

  it('polls after each answer, keeps an unchanged answer’s identity, and keeps the last answer when a poll fails', async () => {
    vi.useFakeTimers();
    try {
      const q = setup<{ n: number }>('a', { pollMs: 1000 });
      await settle(() => q.calls[0]!.resolve({ n: 1 }));
      const first = q.result.current.data;
      expect(q.calls).toHaveLength(1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(q.calls).toHaveLength(2);
      await settle(() => q.calls[1]!.resolve({ n: 1 }));
      expect(q.result.current.data).toBe(first);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      await settle(() => q.calls[2]!.reject(new Error('down')));
      expect(q.result.current.data).toBe(first);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      await settle(() => q.calls[3]!.resolve({ n: 2 }));
      expect(q.result.current.data).toEqual({ n: 2 });
    } finally {
      vi.useRealTimers();
    }
  });
});
