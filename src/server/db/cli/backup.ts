// npm run db:backup -- [--out file]      (embedded: stop the server first)
// npm run db:restore -- --in file [--force]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from '../backup';

const mode = process.argv[2];
const { values } = parseArgs({
  args: process.argv.slice(3),
  options: {
    out: { type: 'string' },
    in: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');

try {
  if (mode === 'backup') {
    const out =
      values.out ?? (config.DATABASE_URL ? `carebook-${stamp}.dump` : `carebook-${stamp}.tar.gz`);
    if (config.DATABASE_URL) await backupPostgres(config.DATABASE_URL, out);
    else await backupEmbedded(path.resolve(config.DATA_DIR), out);
    console.log(`Backup written to ${out}`);
  } else if (mode === 'restore') {
    if (!values.in) throw new Error('Say which backup to restore: --in <file>');
    if (config.DATABASE_URL) await restorePostgres(config.DATABASE_URL, values.in);
    else await restoreEmbedded(path.resolve(config.DATA_DIR), values.in, { force: values.force });
    console.log(`Restored ${values.in}`);
  } else {
    throw new Error('Use db:backup or db:restore.');
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
