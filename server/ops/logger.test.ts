/** The request lines' batch in front of pino's file writer: held, then written whole and in order. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, isoStamp, LineBatch } from './logger';

function sink() {
  const writes: string[] = [];
  let syncs = 0;
  return {
    writes,
    syncs: () => syncs,
    write: (text: string) => void writes.push(text),
    flushSync: () => void (syncs += 1),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LineBatch', () => {
  it('holds lines until the batch is full, then hands them on as one write, in order', () => {
    const s = sink();
    const batch = new LineBatch(s, 30, 60_000);
    batch.write('line one\n');
    batch.write('line two\n');
    expect(s.writes).toEqual([]);
    batch.write('line three\n');
    batch.write('line four\n');
    expect(s.writes).toEqual(['line one\nline two\nline three\nline four\n']);
    batch.write('five\n');
    expect(s.writes).toHaveLength(1);
  });

  it('writes what it holds within its interval when the server is quiet', () => {
    vi.useFakeTimers();
    const s = sink();
    const batch = new LineBatch(s, 16_384, 250);
    batch.write('a quiet line\n');
    vi.advanceTimersByTime(200);
    expect(s.writes).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(s.writes).toEqual(['a quiet line\n']);
    vi.advanceTimersByTime(1000);
    expect(s.writes).toHaveLength(1);
  });

  it('at exit, hands on what it holds and has the writer write everything synchronously', () => {
    const s = sink();
    const batch = new LineBatch(s, 16_384, 60_000);
    batch.write('the last line\n');
    batch.flushSync();
    expect(s.writes).toEqual(['the last line\n']);
    expect(s.syncs()).toBe(1);
  });

  it('a logger on it writes pino lines that parse', () => {
    const s = sink();
    const batch = new LineBatch(s, 16_384, 60_000);
    const logger = createLogger({ destination: batch });
    logger.info({ reqId: 'abc', status: 200 }, 'request');
    logger.info({ reqId: 'def', status: 404 }, 'request');
    batch.flushSync();
    const lines = s.writes
      .join('')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.reqId, l.status, l.msg, l.level])).toEqual([
      ['abc', 200, 'request', 'info'],
      ['def', 404, 'request', 'info'],
    ]);
  });
});

describe('isoStamp', () => {
  it("writes pino's ISO time for any millisecond, also when the second or the millisecond repeats", () => {
    const times = [
      0, 5, 50, 999, 1000, 1001, 1_764_270_000_000, 1_764_270_000_007, 1_764_270_000_007, 1_764_270_000_070,
      1_764_270_000_999, 1_764_270_001_000, 1_764_269_999_999, 4_102_444_799_999, 86_399_999,
    ];
    for (let i = 0; i < 500; i++) times.push(Math.floor(Math.random() * 4_102_444_800_000));
    for (const t of times) expect(isoStamp(t)).toBe(`,"time":"${new Date(t).toISOString()}"`);
  });
});
