import { loadConfig } from '../../config';
import { openConfiguredDatabase } from '../open';
import { migrationSettingsOf, runMigrations } from '../migrate';

const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  await runMigrations(db, undefined, migrationSettingsOf(config));
  console.log(`Migrations applied (${db.kind}).`);
} finally {
  await db.close();
}
