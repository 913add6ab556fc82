/** `npm run restore -- --from FILE --to DIR`: see server/ops/backup/restore.ts. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RestoreError, restoreArchive } from '#server/ops/backup/restore';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });

async function main(): Promise<void> {
  if (!values.from || !values.to) throw new RestoreError('Usage: npm run restore -- --from FILE --to DIR');
  const manifest = await restoreArchive(resolve(values.from), resolve(values.to), {
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  console.log(
    `Restored the ${manifest.kind} backup of ${manifest.takenAt} (${manifest.files.length} files) into ${resolve(values.to)}.`,
  );
  if (manifest.kind === 'lowdb') console.log(`Start the shop on it with DATA_DIR=${resolve(values.to)}.`);
}

main().catch((e: unknown) => {
  console.error(
    e instanceof RestoreError
      ? `Restore refused: ${e.message}`
      : `Restore failed: ${e instanceof Error ? e.message : e}`,
  );
  process.exit(1);
});
