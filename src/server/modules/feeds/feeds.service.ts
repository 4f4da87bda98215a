import { createHash, randomBytes } from 'node:crypto';
import type {
  CalendarFeedOwner,
  ClinicFeedSettings,
  CreatedCalendarFeed,
  FeedOptions,
  MyCalendarFeed,
} from '@contracts/feeds';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { notFound } from '../../errors';
import { auditChange } from '../audit';
import { requireMemberClinic } from '../clinics';
import { mailboxAddress } from '@domain/icalendar';
import { feedCalendar } from './feed-calendar';
import * as repo from './feeds.repository';

const DAY_MS = 86_400_000;
/** The feed reaches this far back; forward, as far as slots can be booked (SLOT_HORIZON_DAYS). */
const DAYS_BACK = 30;

/** 256 random bits; looked up by its SHA-256, like a session's (a slow hash buys nothing here). */
function newFeedSecret(): string {
  return randomBytes(32).toString('base64url');
}
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function feedUrl(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/$/, '')}/ical/${secret}.ics`;
}

export async function getMyFeed(deps: AppDeps, { user }: RequestContext): Promise<MyCalendarFeed> {
  const row = await repo.findFeedOfUser(deps.db.db, user.id);
  return {
    feed: row
      ? {
          createdAt: row.createdAt.toISOString(),
          lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** Makes the feed, or rotates it: the earlier URL is a 404 from the moment this commits. */
export async function createMyFeed(
  deps: AppDeps,
  ctx: RequestContext,
): Promise<CreatedCalendarFeed> {
  const secret = newFeedSecret();
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    await repo.putFeed(tx, ctx.user.id, hashOf(secret), now);
    await auditChange(
      tx,
      ctx,
      { action: 'create', entityType: 'calendar_feed', entityId: ctx.user.id, patientId: null },
      now,
    );
  });
  return { url: feedUrl(deps.config.PUBLIC_URL, secret), createdAt: now.toISOString() };
}

export async function revokeMyFeed(deps: AppDeps, ctx: RequestContext): Promise<MyCalendarFeed> {
  await revoke(deps, ctx, ctx.user.id);
  return { feed: null };
}

async function revoke(deps: AppDeps, ctx: RequestContext, userId: string) {
  const now = deps.now();
  return deps.db.db.transaction(async (tx) => {
    const deleted = await repo.deleteFeed(tx, userId);
    if (deleted) {
      await auditChange(
        tx,
        ctx,
        { action: 'revoke', entityType: 'calendar_feed', entityId: userId, patientId: null },
        now,
      );
    }
    return deleted;
  });
}

export async function listFeeds(
  deps: AppDeps,
  { user }: RequestContext,
): Promise<{ data: CalendarFeedOwner[] }> {
  const rows = await repo.feedsOfClinics(deps.db.db, [...user.clinicIds]);
  return {
    data: rows.map((r) => ({
      user: { id: r.id, name: r.name, email: r.email, role: r.role },
      createdAt: r.createdAt.toISOString(),
      lastFetchedAt: r.lastFetchedAt?.toISOString() ?? null,
    })),
  };
}

/** An admin turns off the feed of a member of one of their clinics; anyone else is a 404. */
export async function revokeFeed(
  deps: AppDeps,
  ctx: RequestContext,
  userId: string,
): Promise<{ data: CalendarFeedOwner[] }> {
  const before = await listFeeds(deps, ctx);
  if (!before.data.some((f) => f.user.id === userId)) throw notFound('Calendar feed not found.');
  await revoke(deps, ctx, userId);
  return listFeeds(deps, ctx);
}

export async function getClinicFeedSettings(
  deps: AppDeps,
  { user }: RequestContext,
  slug: string,
): Promise<ClinicFeedSettings> {
  const clinic = requireMemberClinic(user, slug);
  const summary = await repo.clinicFeedSummary(deps.db.db, clinic.id);
  return { summary: summary === 'none' ? 'none' : 'initial' };
}

export async function updateClinicFeedSettings(
  deps: AppDeps,
  { user }: RequestContext,
  slug: string,
  settings: ClinicFeedSettings,
): Promise<ClinicFeedSettings> {
  const clinic = requireMemberClinic(user, slug);
  await repo.setClinicFeedSummary(deps.db.db, clinic.id, settings.summary);
  return settings;
}

export interface RenderedFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

/**
 * The feed of a secret, or undefined for one that is unknown, rotated away or revoked, or whose
 * member is deactivated: the caller answers each the same 404. The window starts at a day
 * boundary, so the feed (and its ETag) changes only when an appointment does or a day passes.
 */
export async function renderFeed(
  deps: AppDeps,
  secret: string,
  options: FeedOptions = { attendees: false, alarms: false },
): Promise<RenderedFeed | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return undefined;
  const owner = await repo.findFeedBySecretHash(deps.db.db, hashOf(secret));
  if (!owner) return undefined;
  const now = deps.now();
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const from = new Date(today.getTime() - DAYS_BACK * DAY_MS);
  const to = new Date(today.getTime() + (deps.config.SLOT_HORIZON_DAYS + 1) * DAY_MS);
  const rows = await repo.feedAppointments(deps.db.db, owner.userId, from, to);
  await repo.touchFeed(deps.db.db, owner.userId, now);
  const body = feedCalendar(
    owner,
    rows,
    { publicUrl: deps.config.PUBLIC_URL, organizerEmail: mailboxAddress(deps.config.MAIL_FROM) },
    options,
  );
  const newest = Math.max(today.getTime(), ...rows.map((r) => r.updatedAt.getTime()));
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
    // HTTP dates have whole seconds.
    lastModified: new Date(Math.floor(newest / 1000) * 1000),
  };
}
