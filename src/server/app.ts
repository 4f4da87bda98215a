import path from 'node:path';
import './plugins/access';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { loggerOptions } from './logging';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import type { TrustProxy } from './config';
import {
  clientErrorHandler,
  errorHandlerPlugin,
  frameworkErrorHandler,
} from './plugins/error-handler';
import { securityHeadersPlugin } from './plugins/security-headers';
import { compressionPlugin } from './plugins/compression';
import { webPlugin } from './plugins/web';
import { authPlugin } from './plugins/auth';
import { openApiPlugin, registerApiDocs } from './plugins/openapi';
import { routeRegistryPlugin } from './plugins/route-registry';
import { replicaReadsPlugin } from './plugins/replica-reads';
import { postgresRateLimitStore } from './plugins/rate-limit-store';
import { clientAddressKey } from './security/client-address';
import { createMemoryBus } from './realtime/signal-bus';
import { accountsRoutes } from './modules/accounts';
import { adminRoutes } from './modules/admin';
import { appointmentsRoutes, bookInTransaction } from './modules/appointments';
import { auditRoutes, startReadAuditSpooling } from './modules/audit';
import { authRoutes } from './modules/auth';
import { availabilityRoutes } from './modules/availability';
import { clinicsRoutes } from './modules/clinics';
import { dashboardRoutes } from './modules/dashboard';
import { reportsRoutes } from './modules/reports';
import { feedsRoutes } from './modules/feeds';
import { fhirRoutes } from './modules/fhir';
import { smartRoutes } from './modules/smart';
import { integrationsRoutes } from './modules/integrations';
import { outboxRoutes } from './modules/notifications';
import { passkeysRoutes } from './modules/passkeys';
import { onlineBookingRoutes } from './modules/online-booking';
import { sessionsRoutes, SignalHub } from './modules/sessions';
import { ssoRoutes, ssoSignOutRedirect } from './modules/sso';
import { systemRoutes } from './modules/system';
import { resourcesRoutes } from './modules/resources';
import { servicesRoutes } from './modules/services';
import { outsideCalendarsRoutes } from './modules/outside-calendars';
import { webhooksRoutes } from './modules/webhooks';
import { patientsRoutes } from './modules/patients';
import { waitlistRoutes } from './modules/waitlist';
import { textMessagesRoutes } from './modules/text-messages';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Registration only: plugins and routes. Start-up and shutdown live in main.ts. */
export async function buildApp(
  deps: AppDeps,
  options: { logStream?: { write(line: string): void } } = {},
) {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(options.logStream ? 'info' : config.LOG_LEVEL, options.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // A client that sends its request slowly, or never finishes its body, holds a connection
    // and a parser: it gets a 408 (clientErrorHandler) once REQUEST_TIMEOUT_MS has passed.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_MS),
      // Node looks for late requests only this often (30 s by default): a timeout of 30 s
      // could otherwise last a minute.
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, config.REQUEST_TIMEOUT_MS / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(fastifyCookie);
  await app.register(securityHeadersPlugin, { hsts: config.TRUST_PROXY !== false });
  // Before any route: it hooks each route as it is added (ADR 033).
  await app.register(compressionPlugin);

  // Limits on the endpoints guessers aim at, counted in the database so they hold for all
  // instances together, per address by its /64 (ADR 032). Registered with await, or it does nothing.
  await app.register(fastifyRateLimit, {
    global: false,
    store: postgresRateLimitStore(deps),
    keyGenerator: (request) => clientAddressKey(request.ip),
  });
  await app.register(routeRegistryPlugin);
  await app.register(authPlugin, deps);
  await app.register(replicaReadsPlugin, { replica: deps.db.replica });
  if (deps.db.replica) await spoolReadAuditsOnDisk(app, deps);
  await app.register(openApiPlugin, { version: deps.version, publicUrl: config.PUBLIC_URL });

  await app.register(systemRoutes(deps));
  await app.register(authRoutes(deps, { signOutRedirect: ssoSignOutRedirect(deps) }));
  await app.register(passkeysRoutes(deps));
  await app.register(ssoRoutes(deps));
  await app.register(accountsRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(auditRoutes(deps));
  await app.register(availabilityRoutes(deps));
  await app.register(clinicsRoutes(deps));
  await app.register(servicesRoutes(deps));
  await app.register(resourcesRoutes(deps));
  await app.register(patientsRoutes(deps));
  await app.register(appointmentsRoutes(deps));
  await app.register(dashboardRoutes(deps));
  await app.register(reportsRoutes(deps));
  // The waitlist books through the appointments module's rules without importing it (ADR 019).
  await app.register(waitlistRoutes(deps, bookInTransaction(deps)));
  await app.register(outboxRoutes(deps));
  await app.register(onlineBookingRoutes(deps));
  await app.register(integrationsRoutes(deps));
  await app.register(webhooksRoutes(deps));
  await app.register(outsideCalendarsRoutes(deps));
  await app.register(feedsRoutes(deps));
  await app.register(textMessagesRoutes(deps));
  await app.register(smartRoutes(deps));
  await app.register(fhirRoutes(deps));
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const hub = new SignalHub(deps.signalBus ?? createMemoryBus());
  app.addHook('onClose', async () => hub.close());
  await app.register(sessionsRoutes(deps, hub));
  await registerApiDocs(app);
  await app.register(webPlugin, { webDir: config.WEB_DIR });

  return app;
}

/**
 * Reads answered from a replica during a failover are audited on this instance's disk until a
 * primary takes the rows (ADR 063). A folder that cannot be used (not writable, or another running
 * instance's) is said in the log, and such reads wait for a primary as before.
 */
async function spoolReadAuditsOnDisk(app: FastifyInstance, deps: AppDeps) {
  const dir = deps.config.AUDIT_SPOOL_DIR ?? path.join(deps.config.DATA_DIR, 'audit-spool');
  try {
    const spooling = await startReadAuditSpooling(deps.db.db, dir, app.log);
    app.addHook('onClose', () => spooling.stop());
  } catch (err) {
    app.log.warn(
      { err, dir },
      'read audit spool unusable: reads that are audited answer 503 while no primary is reachable',
    );
  }
}

/** A hop count trusts that many proxies nearest the app (what Fastify does with a number). */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
