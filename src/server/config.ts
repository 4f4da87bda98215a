import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every setting comes from the environment, and every one has a default that runs out of the box:
 * no DATABASE_URL means the embedded database under DATA_DIR (ADR 024).
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Streaming replicas (HAProxy's read port, ADR 063): the reads whose contracts allow it go there
   * when the replica has replayed the caller's last write. Needs DATABASE_URL.
   */
  DATABASE_READ_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * With DATABASE_READ_URL: where this instance keeps the audit rows of reads it answered from a
   * replica while no primary could take them, until one can (ADR 063). Default DATA_DIR's
   * `audit-spool`; each instance needs its own.
   */
  AUDIT_SPOOL_DIR: z.string().min(1).optional(),
  /**
   * Without DATABASE_URL: `auto` keeps the engine DATA_DIR already holds, and makes a new database
   * a PostgreSQL server the app runs itself where this platform has the binaries, else PGlite.
   */
  EMBEDDED_DATABASE: z.enum(['auto', 'postgres', 'pglite']).default('auto'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * How often a video visit's socket proves it is alive and still entitled to its place (a
   * replaced link or another window taking over ends it at the next beat).
   */
  SIGNAL_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(25_000),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  WEB_DIR: z.string().min(1).default('./dist/web'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, ctx) => {
      const trust = parseTrustProxy(text);
      if (trust !== undefined) return trust;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, the number of proxies in front of the app (e.g. 1), or their addresses ' +
          '(e.g. 10.0.0.5,10.1.0.0/16). "true" would trust any X-Forwarded-For a client sends.',
      });
      return z.NEVER;
    }),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Sign-in throttling (ADR 010): an account-and-address pair waits after this many failures, */
  LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().min(1).default(3),
  /** ...2 s at first, doubling with each further failure up to this. */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Past this many failures of one account, any address that fails on it waits at once. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Past this many failures for unknown emails from one address, likewise for that address. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /**
   * Past this many failures of one account from all addresses together (each counting for at
   * most LOGIN_FAILURES_BEFORE_DELAY), an address or browser that never signed in to it waits.
   */
  LOGIN_ACCOUNT_FAILURE_CAP: z.coerce.number().int().min(1).default(10),
  /** How long a failure is remembered; a correct password clears its own pair's at once. */
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(1440),
  SLOT_MIN_NOTICE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(0),
  SLOT_HORIZON_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  /** Only read by migration 0037: the buffers of each clinic's first default service (ADR 044). */
  SLOT_BUFFER_BEFORE_MINUTES: z.coerce.number().int().min(0).max(240).default(0),
  SLOT_BUFFER_AFTER_MINUTES: z.coerce.number().int().min(0).max(240).default(0),
  SLOT_STEP_MINUTES: z.coerce.number().int().min(5).max(480).optional(),
  /** The address patients and staff reach the app at; links in emails are built from it. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  SMTP_URL: z.string().optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).default(5_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /**
   * Lets webhooks reach private, loopback and link-local addresses (a receiver on the same
   * network, or tests). Off by default: an admin's URL must not reach the server's own network.
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How long a receiver has to answer one delivery before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Outside calendars (ADR 053): the same guard as webhooks, off by default (tests and a CalDAV
   * server on the clinic's own network turn it on); how often each is read, how long and how
   * large one read may be, and how far ahead busy times are imported.
   */
  OUTSIDE_CALENDAR_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  OUTSIDE_CALENDAR_SYNC_MINUTES: z.coerce.number().min(0.01).max(1440).default(5),
  OUTSIDE_CALENDAR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  OUTSIDE_CALENDAR_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  OUTSIDE_CALENDAR_WINDOW_DAYS: z.coerce.number().int().min(1).max(730).default(180),
  /**
   * A calendar whose syncs have failed this long stops blocking; unset (the default), its last
   * known busy times keep blocking however old they are.
   */
  OUTSIDE_CALENDAR_DROP_AFTER_HOURS: z.coerce.number().min(1).optional(),
  /** How often the push worker looks for appointments to write into CalDAV calendars (ADR 062). */
  OUTSIDE_CALENDAR_PUSH_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** Calendar feed fetches per address per minute, all instances together. */
  FEED_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  MAIL_FROM: z.string().default('Carebook <no-reply@carebook.test>'),
  /**
   * The gateway texts go through (ADR 050): 'none' (texts wait in the outbox, like e-mails
   * without SMTP_URL), 'kannel' (its HTTP sendsms) or 'twilio' (any Twilio-compatible REST API).
   */
  TEXT_GATEWAY: z.enum(['none', 'kannel', 'twilio']).default('none'),
  /** The number texts are sent from (E.164, or a short code) when a clinic has none of its own. */
  TEXT_FROM: z.string().default(''),
  /** Kannel smsbox's sendsms address, e.g. http://kannel:13013/cgi-bin/sendsms. */
  KANNEL_SENDSMS_URL: z.string().url().optional(),
  KANNEL_USERNAME: z.string().default(''),
  KANNEL_PASSWORD: z.string().default(''),
  /** Kannel's get-url and dlr-url carry it as `secret=`: without it, inbound texts are refused. */
  KANNEL_INBOUND_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The REST API's base; another provider speaking Twilio's API is named here. */
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z.string().default(''),
  /** Signs Twilio's requests to us (X-Twilio-Signature) and authenticates ours to it. */
  TWILIO_AUTH_TOKEN: z.string().default(''),
  /** Requests per minute from one address to the gateways' inbound endpoints, all instances together. */
  TEXT_INBOUND_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SENTRY_DSN: z.string().url().optional(),
  SENTRY_ENVIRONMENT: z.string().default('production'),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  SESSION_JOIN_OPENS_MINUTES_BEFORE: z.coerce.number().int().min(0).max(1440).default(10),
  SESSION_JOIN_CLOSES_MINUTES_AFTER: z.coerce.number().int().min(0).max(1440).default(15),
  /** A visit link stops opening the page this many days after the visit's scheduled end. */
  VISIT_LINK_DAYS_AFTER_END: z.coerce.number().int().min(0).max(3650).default(30),
  SESSION_LOOKUP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Online-booking holds one client (an IPv4 address, an IPv6 /64) may ask for in an hour. */
  ONLINE_BOOKING_HOLDS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Holds one e-mail may ask for at one clinic in an hour. */
  ONLINE_BOOKING_HOLDS_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(3),
  /** Confirmation mails one address is sent in 24 hours, from all clinics' booking pages. */
  ONLINE_BOOKING_MAILS_PER_EMAIL_PER_DAY: z.coerce.number().int().min(1).default(5),
  /** Open holds on one provider's day (in the clinic's zone), whoever asked for them. */
  ONLINE_BOOKING_OPEN_HOLDS_PER_PROVIDER_DAY: z.coerce.number().int().min(1).default(3),
  /** Open holds at one clinic at once. */
  ONLINE_BOOKING_OPEN_HOLDS_PER_CLINIC: z.coerce.number().int().min(1).default(30),
  /** FHIR API requests per integration token (else per address) per minute, all instances together. */
  FHIR_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** SMART token endpoint requests per address per minute, all instances together (ADR 059). */
  SMART_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** JSON list of RTCIceServer objects for real deployments; none are needed on one network. */
  ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed))
          return parsed as Array<{
            urls: string | string[];
            username?: string;
            credential?: string;
          }>;
      } catch {
        // reported below
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON array of ICE servers, e.g. [{"urls":"stun:stun.example.org"}]',
      });
      return z.NEVER;
    }),
  /**
   * Seals the secrets the server must read back (authenticator keys, identity providers' client
   * secrets: ADR 046) with AES-256-GCM. At least 32 characters; every instance needs the same.
   * Without it they are stored as they are, like webhook secrets.
   */
  ACCOUNT_SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * On SIGTERM, how long the instance keeps serving while /api/health answers 503 "draining",
   * so a load balancer stops sending it requests before it stops listening (ADR 063). 0 (one
   * instance, nothing in front): stop listening at once. Behind HAProxy: more than its checks
   * take to mark an instance down (deploy/haproxy.cfg: two failures a second apart).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** The whole request, headers and body, must arrive within this; else a 408 and the socket closes. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * A connection with no traffic either way for this long is closed. Longer than the keep-alive
   * wait (72 s), so a load balancer's idle connections are closed by it, not under its feet.
   */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
});

export type Config = z.infer<typeof configSchema>;

/** Whom the app believes about the client's address: nobody, N hops, or these addresses. */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * A hop count or a list of proxy addresses, never a blanket "true": trusting every
 * X-Forwarded-For lets a client forge a new address per request, which defeats every
 * per-address limit and puts the forged address in the audit log.
 */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const value = text.trim().toLowerCase();
  if (['false', '0', 'no', ''].includes(value)) return false;
  if (/^[0-9]{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const valid = entries.every((entry) => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || rest.length) return false;
    if (bits === undefined) return true;
    return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
  });
  return valid && entries.length ? entries : undefined;
}

export class ConfigError extends Error {}

/** Parses the environment; empty strings count as unset so `FOO=` in a shell file means default. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  // Every link we send (e-mails, feeds, calendar files, FHIR bundles) is built from PUBLIC_URL.
  // Its default suits the demo on one's own machine; a server declared for production without it
  // would send patients links to localhost, so it does not start.
  if (cleaned.NODE_ENV === 'production' && !cleaned.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: set it to the address patients and other systems reach this server at (for example https://book.your-clinic.org). With NODE_ENV=production it is required: every link in e-mails, calendar feeds and FHIR answers is built from it.',
    );
  }
  if (cleaned.DATABASE_READ_URL && !cleaned.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: read replicas need a primary; set DATABASE_URL too (the embedded database has no replicas).',
    );
  }
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Config for tests: quiet, random port, nothing read from the developer's shell. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests sign in many times from one address; the per-minute limit has a test of its own.
  return {
    ...configSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      SESSION_LOOKUP_RATE_LIMIT_PER_MINUTE: '100000',
      FHIR_RATE_LIMIT_PER_MINUTE: '100000',
      SMART_TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
      FEED_RATE_LIMIT_PER_MINUTE: '100000',
    }),
    ...overrides,
  };
}
