// Run by the server build: a migrated, empty embedded database, dumped beside the server bundle
// (dist/server/pglite-template.tar.gz). A first start copies it instead of running initdb and
// every migration in WebAssembly. Built from the same migrations the bundle carries, so a
// template is never older than its server; a later start still runs any migration it lacks.
import { writeFileSync } from 'node:fs';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';

const [out, migrations] = process.argv.slice(2);
if (!out || !migrations) throw new Error('usage: pglite-template.ts <out.tar.gz> <migrations>');
const db = await openDatabase({ memory: true });
await runMigrations(db, migrations);
const dump = await db.pglite!.dumpDataDir('gzip');
await db.close();
writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
