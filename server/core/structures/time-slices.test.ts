/** The breather gives the event loop back only once its slice has run out, through the scheduler it is given. */
import { describe, expect, it } from 'vitest';
import { createBreather } from './time-slices';

describe('createBreather', () => {
  it('goes through the scheduler once the slice has run out, and again at each later call', async () => {
    let scheduled = 0;
    const breathe = createBreather(0, (next) => {
      scheduled++;
      setTimeout(next, 0);
    });
    await breathe();
    await breathe();
    expect(scheduled).toBe(2);
  });

  it('resolves without the scheduler while the slice lasts', async () => {
    let scheduled = 0;
    const breathe = createBreather(Number.POSITIVE_INFINITY, () => scheduled++);
    for (let i = 0; i < 100; i++) await breathe();
    expect(scheduled).toBe(0);
  });
});
