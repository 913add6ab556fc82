import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDemoPictures, type DemoPictureSource } from './demo-pictures';
import { createJobGate } from './job-gate';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-demo-pictures-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function held(names: string[]) {
  let release = (): void => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  const rendered: string[] = [];
  const source: DemoPictureSource = {
    has: (name) => names.includes(name),
    async render(name) {
      rendered.push(name);
      await done;
      return new TextEncoder().encode(`picture ${name}`);
    },
  };
  return { source, rendered, release };
}

describe('demo pictures on request', () => {
  it('shares one render per name and answers busy past the gate, writing only what it rendered', async () => {
    const r = held(['a', 'b', 'c']);
    const gate = createJobGate({ concurrency: 1, maxQueue: 1 });
    const pictures = createDemoPictures(dir, r.source, gate);
    const a = [pictures.ensure('a'), pictures.ensure('a'), pictures.ensure('a')];
    const b = pictures.ensure('b');
    await vi.waitFor(() => expect([gate.running, gate.waiting]).toEqual([1, 1]));
    expect(await pictures.ensure('c')).toBe('busy');
    r.release();
    expect(await Promise.all([...a, b])).toEqual(['ready', 'ready', 'ready', 'ready']);
    expect(r.rendered).toEqual(['a', 'b']);
    expect((await readdir(join(dir, 'demo'))).sort()).toEqual(['a.webp', 'b.webp']);
    expect(await pictures.ensure('a')).toBe('ready');
    expect(r.rendered).toEqual(['a', 'b']);
    // Busy was not remembered either.
    expect(await pictures.ensure('c')).toBe('ready');
  });

  it('an unknown name or a failing source is missing, with nothing written and nothing taken from the gate', async () => {
    const gate = createJobGate({ concurrency: 1, maxQueue: 0 });
    const pictures = createDemoPictures(
      dir,
      {
        has: async (name) => {
          if (name === 'broken') throw new Error('no list');
          return name === 'bad';
        },
        render: async () => {
          throw new Error('cannot draw');
        },
      },
      gate,
    );
    expect(await pictures.ensure('unknown')).toBe('missing');
    expect(await pictures.ensure('broken')).toBe('missing');
    expect(await pictures.ensure('bad')).toBe('missing');
    expect(gate.running).toBe(0);
    expect(await readdir(dir)).toEqual([]);
  });
});
