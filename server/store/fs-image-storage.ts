/**
 * Images as files in DATA_DIR/uploads under their SHA-256 names. A name already present holds the
 * same bytes, so it is not written again; new files land durably (temp, fsync, rename, dir fsync)
 * before the product or category that points at them is saved.
 */
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError } from '#server/core/api/errors';
import type { ImageStorage } from '#server/core/ports';
import { writeFileDurably } from './lowdb-durable-file';

export async function createFsImageStorage(uploadsDir: string): Promise<ImageStorage> {
  await mkdir(uploadsDir, { recursive: true });
  return {
    async put(name, bytes) {
      if (!/^[a-f0-9]{64}\.(png|jpg|webp|gif)$/.test(name)) throw new Error(`Refusing image name ${name}`);
      const file = join(uploadsDir, name);
      if (
        await access(file).then(
          () => true,
          () => false,
        )
      )
        return;
      try {
        await writeFileDurably(file, bytes, 0o644);
      } catch (cause) {
        throw new DomainError(
          'storage_unavailable',
          'Could not store the image; please retry',
          undefined,
          cause,
        );
      }
    },
    urlOf: (name) => `/uploads/${name}`,
  };
}
