/**
 * Demo pictures made on their first request. A demo shop renders its pictures in the background after listen
 * (boot.ts, fixtures/demo-images-node.ts writeDemoImages: about half a minute on two cores); a picture asked
 * for before its turn is rendered right away instead of answered 404, so no shopper meets "No image" cards on
 * a fresh start. Written where the background run writes it (uploads/demo/<name>.webp), durably, then served
 * like any stored file; its widths follow through image-variants.ts.
 * Anyone may ask, so the work is bounded like the widths': only names the source knows (the demo store's own
 * pictures; anything else is a 404 that renders and writes nothing), one render per name at a time (concurrent
 * requests share it), and the widths' job gate (variantGate: sharp's thread pool is process-wide), 'busy' past
 * its wait list. A miss is never remembered: the next request tries again.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { variantGate } from './image-variants';
import type { JobGate } from './job-gate';
import { writeFileDurably } from './lowdb-durable-file';

/** What the demo renderer offers the server (index.ts passes fixtures/demo-images-node.ts in, loaded lazily). */
export interface DemoPictureSource {
  /** Whether `name` is one of the demo store's pictures; cheap, renders nothing. */
  has(name: string): boolean | Promise<boolean>;
  /** The picture as WebP bytes. */
  render(name: string): Promise<Uint8Array>;
}

export type DemoPictureState = 'ready' | 'missing' | 'busy';

export interface DemoPictures {
  /** Makes sure uploads/demo/<name>.webp exists, rendering it now when it does not yet. */
  ensure(name: string): Promise<DemoPictureState>;
}

const isFile = (file: string): Promise<boolean> =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  );

export function createDemoPictures(
  uploadsDir: string,
  source: DemoPictureSource,
  gate: JobGate = variantGate,
): DemoPictures {
  const inFlight = new Map<string, Promise<DemoPictureState>>();

  const make = async (name: string, file: string): Promise<DemoPictureState> => {
    // The background run (or an earlier request) may have written it while this one waited for a slot.
    if (await isFile(file)) return 'ready';
    try {
      const bytes = await source.render(name);
      await mkdir(dirname(file), { recursive: true });
      await writeFileDurably(file, bytes, 0o644);
      return 'ready';
    } catch {
      return 'missing';
    }
  };

  return {
    async ensure(name) {
      const file = join(uploadsDir, 'demo', `${name}.webp`);
      if (await isFile(file)) return 'ready';
      const running = inFlight.get(name);
      if (running) return running;
      if (!(await Promise.resolve(source.has(name)).catch(() => false))) return 'missing';
      // Checked again: a request for the same name may have started its render while this one asked.
      const started = inFlight.get(name);
      if (started) return started;
      const gated = gate.tryRun(() => make(name, file));
      if (!gated) return 'busy';
      const job = gated.finally(() => inFlight.delete(name));
      inFlight.set(name, job);
      return job;
    },
  };
}
