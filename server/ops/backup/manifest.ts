/**
 * A backup archive is a gzipped tar whose first entry is `manifest.json`: what kind of shop it holds, when it
 * was taken, and every other entry with its size and SHA-256, so a restore can tell a complete, intact archive
 * from a damaged or partial one before it writes anything.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_DUMP = 'database.dump';
/** More entries than this is no archive of ours (a bound on what a restore reads before trusting it). */
const MAX_FILES = 10_000_000;

export const manifestSchema = z.object({
  format: z.literal('threadline-backup'),
  version: z.literal(1),
  /** lowdb: the data folder's files; postgres: a pg_dump of the database plus the uploads. */
  kind: z.enum(['lowdb', 'postgres']),
  takenAt: z.string().max(40),
  /** Rows per table at the snapshot's moment (lowdb), for the operator's eye. */
  rows: z.record(z.string().max(40), z.number().int().nonnegative()).optional(),
  files: z
    .array(
      z.object({
        path: z
          .string()
          .min(1)
          .max(512)
          .refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'must stay inside the folder'),
        bytes: z.number().int().nonnegative(),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      }),
    )
    .max(MAX_FILES),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

export function sha256File(file: string): Promise<{ sha256: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    createReadStream(file)
      .on('data', (chunk) => {
        bytes += chunk.length;
        hash.update(chunk);
      })
      .on('error', reject)
      .on('end', () => resolve({ sha256: hash.digest('hex'), bytes }));
  });
}
