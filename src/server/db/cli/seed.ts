import { loadConfig } from '../../config';
import { openConfiguredDatabase } from '../open';
import { runMigrations } from '../migrate';
import { seedDemo, seedDemoIfEmpty } from '../seed';

// `npm run db:seed` seeds an empty database; `-- --force` seeds even when clinics exist (the demo
// slugs must then be free, or the whole seed rolls back).
const force = process.argv.includes('--force');
const config = loadConfig();
const db = await openConfiguredDatabase(config);
try {
  await runMigrations(db);
  const summary = force
    ? await seedDemo(db, { now: new Date() })
    : await seedDemoIfEmpty(db, { now: new Date() });
  console.log(
    summary
      ? `Seeded demo data: ${JSON.stringify(summary)}`
      : 'Database already has clinics; nothing seeded (use --force).',
  );
} finally {
  await db.close();
}
