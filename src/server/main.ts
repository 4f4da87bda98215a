import { loadConfig, ConfigError } from './config';
import { initErrorReporting } from './instrument';
import { readVersion } from './version';
import { openConfiguredDatabase } from './db/open';
import { migrationSettingsOf, runMigrations } from './db/migrate';
import { seedDemoIfEmpty } from './db/seed';
import { buildApp } from './app';
import { createDatabaseClock } from './clock';
import path from 'node:path';
import { assertNotInUse, removeLock, writeLock } from './db/backup';
import { createOutboxWorker } from './modules/notifications';
import { createWebhookWorker } from './modules/webhooks';
import { createTextWorker } from './modules/text-messages';
import { createCalendarPushWorker, createCalendarSyncWorker } from './modules/outside-calendars';
import { createWaitlistSweep } from './modules/waitlist';
import { createHoldPurge } from './modules/online-booking';
import { createBulkExportWorker } from './modules/fhir';
import { createMemoryBus, createPostgresBus } from './realtime/signal-bus';

async function main() {
  const config = loadConfig();
  const version = readVersion();
  await initErrorReporting(config, version);

  // The embedded database belongs to one process: refuse a second server (or a backup) on it.
  const dataRoot = config.DATABASE_URL ? null : path.resolve(config.DATA_DIR);
  if (dataRoot) {
    assertNotInUse(dataRoot);
    writeLock(dataRoot);
  }
  const db = await openConfiguredDatabase(config, (message) => console.warn(message));
  await runMigrations(db, undefined, migrationSettingsOf(config));
  // The bus must exist before the app (it is a dependency); its warnings reach the app's logger
  // once there is one.
  const logTo: { app?: { warn(obj: unknown, msg?: string): void } } = {};
  const log = {
    warn: (obj: unknown, msg?: string) =>
      logTo.app ? logTo.app.warn(obj, msg) : console.warn(msg ?? '', obj),
  };
  const signalBus =
    db.kind === 'postgres' && db.pool && db.url
      ? await createPostgresBus(db.url, db.pool, log)
      : createMemoryBus();
  const clock = await createDatabaseClock(db);
  const lifecycle = { draining: false };
  const deps = { config, db, now: clock.now, version, signalBus, lifecycle };
  const app = await buildApp(deps);
  logTo.app = app.log;

  const shouldSeed =
    config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && db.embedded === true);
  if (shouldSeed) {
    const seeded = await seedDemoIfEmpty(db, { now: clock.now() });
    if (seeded) app.log.info(seeded, 'demo data seeded into the empty database');
    else app.log.info('the database already has clinics: demo data not seeded');
  }

  const outbox = createOutboxWorker(deps, { logger: app.log });
  const webhooks = createWebhookWorker(deps, { logger: app.log });
  const texts = createTextWorker(deps, { logger: app.log });
  const waitlistSweep = createWaitlistSweep(deps, { logger: app.log });
  const holdPurge = createHoldPurge(deps, { logger: app.log });
  const calendarSync = createCalendarSyncWorker(deps, { logger: app.log });
  const calendarPush = createCalendarPushWorker(deps, { logger: app.log });
  const bulkExports = createBulkExportWorker(deps, { logger: app.log });
  if (!config.SMTP_URL)
    app.log.info('SMTP_URL is not set: notifications wait in the outbox, visible to admins');
  if (config.TEXT_GATEWAY === 'none')
    app.log.info('TEXT_GATEWAY is not set: texts wait in the outbox, visible on patient records');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_DRAIN_MS + config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // Draining (ADR 063): the health check answers "draining" while every request is still
      // served, until the load balancer has stopped sending any; then the listener closes and
      // the requests in flight finish.
      lifecycle.draining = true;
      if (config.SHUTDOWN_DRAIN_MS > 0) {
        app.log.info({ ms: config.SHUTDOWN_DRAIN_MS }, 'draining: health check says so');
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      }
      await app.close();
      await outbox.stop();
      await webhooks.stop();
      await texts.stop();
      await waitlistSweep.stop();
      await holdPurge.stop();
      await calendarSync.stop();
      await calendarPush.stop();
      await bulkExports.stop();
      await signalBus.close();
      clock.stop();
      if (dataRoot) removeLock(dataRoot);
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Carebook failed to start:', err);
  }
  process.exit(1);
});
