import { and, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import * as t from '../../db/schema';
import { clinicNameColumns } from '../../db/clinic-columns';

export type UserRow = typeof t.users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(t.users)
    .where(sql`lower(${t.users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(t.users).where(eq(t.users.id, id)).limit(1);
  return row;
}

export async function clinicsOfUser(db: Executor, userId: string) {
  return db
    .select(clinicNameColumns)
    .from(t.clinicMembers)
    .innerJoin(t.clinics, eq(t.clinics.id, t.clinicMembers.clinicId))
    .where(eq(t.clinicMembers.userId, userId))
    .orderBy(t.clinics.name);
}

export interface MemberClinic {
  id: string;
  slug: string;
  name: string;
  timezone: string;
}

/**
 * The live session with its user, the user's clinics, how far each clinic's data has changed
 * (its data version) and which roles may change its patient records, in one round trip: every API request starts here, so it is a
 * prepared statement.
 */
export async function findLiveSession(db: Executor, id: string) {
  const [row] = await prepared(db, 'live_session', (name) =>
    db
      .select({
        session: t.sessions,
        user: t.users,
        clinics: sql<MemberClinic[]>`coalesce((
          select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name,
                                            'timezone', c.timezone) order by c.name, c.id)
          from ${t.clinicMembers} m join ${t.clinics} c on c.id = m.clinic_id
          where m.user_id = ${t.users.id}), '[]'::json)`,
        dataVersions: sql<Record<string, number>>`coalesce((
          select json_object_agg(m.clinic_id, coalesce(v.version, 0))
          from ${t.clinicMembers} m
          left join ${t.clinicDataVersions} v on v.clinic_id = m.clinic_id
          where m.user_id = ${t.users.id}), '{}'::json)`,
        patientEditorRoles: sql<Record<string, string[]>>`coalesce((
          select json_object_agg(c.id, c.patient_editor_roles)
          from ${t.clinicMembers} m join ${t.clinics} c on c.id = m.clinic_id
          where m.user_id = ${t.users.id}), '{}'::json)`,
      })
      .from(t.sessions)
      .innerJoin(t.users, eq(t.users.id, t.sessions.userId))
      .where(and(eq(t.sessions.id, sql.placeholder('id')), isNull(t.sessions.revokedAt)))
      .limit(1)
      .prepare(name),
  ).execute({ id });
  return row;
}

export async function touchSession(db: Executor, id: string, now: Date) {
  await db.update(t.sessions).set({ lastSeenAt: now }).where(eq(t.sessions.id, id));
}

export async function revokeSession(db: Executor, id: string, now: Date) {
  await db
    .update(t.sessions)
    .set({ revokedAt: now })
    .where(and(eq(t.sessions.id, id), isNull(t.sessions.revokedAt)));
}

/** Ends every session of a user, but the one given (a password change keeps its own session). */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: Date,
  exceptId?: string,
) {
  await db
    .update(t.sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(t.sessions.userId, userId),
        isNull(t.sessions.revokedAt),
        exceptId ? ne(t.sessions.id, exceptId) : undefined,
      ),
    );
}

/**
 * Every password check is written down as a failure before the password is checked, and the row
 * is removed only when it turns out right: parallel guesses then see each other and cannot slip
 * past the throttle together.
 */
export async function recordPasswordAttempt(
  db: Executor,
  values: { email: string; ip: string; clientKey: string; userId: string | null; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(t.loginFailures)
    .values(values)
    .returning({ id: t.loginFailures.id });
  return row!.id;
}

/**
 * The failures an attempt is judged by (ADR 010), leaving out the attempt's own row. An address is
 * its client key (`clientAddressKey`, an IPv6 address by its /64) in every count.
 */
export async function attemptHistory(
  db: Executor,
  attempt: {
    email: string;
    clientKey: string;
    since: Date;
    exceptId: number;
    /** How many failures of one address count towards the account's total. */
    perAddressShare: number;
  },
) {
  const f = t.loginFailures;
  const pair = sql`${f.email} = ${attempt.email} and ${f.clientKey} = ${attempt.clientKey}`;
  const [row] = await db
    .select({
      pairFailures: sql<number>`count(*) filter (where ${pair})::int`,
      pairLastFailureAt: sql<Date | null>`max(${f.at}) filter (where ${pair})`.mapWith(f.at),
      otherAddressFailures: sql<number>`count(*) filter (where ${f.email} = ${attempt.email} and ${f.clientKey} <> ${attempt.clientKey})::int`,
      addressUnknownFailures: sql<number>`count(*) filter (where ${f.clientKey} = ${attempt.clientKey} and ${f.userId} is null)::int`,
      accountFailures: sql<number>`(
        select coalesce(sum(least(n, ${attempt.perAddressShare})), 0)::int from (
          select count(*) as n from ${f}
          where ${f.email} = ${attempt.email} and ${f.at} > ${attempt.since}
            and ${f.id} <> ${attempt.exceptId}
          group by ${f.clientKey}) as by_address)`,
      accountLastFailureAt:
        sql<Date | null>`max(${f.at}) filter (where ${f.email} = ${attempt.email})`.mapWith(f.at),
    })
    .from(f)
    .where(
      and(
        gt(f.at, attempt.since),
        ne(f.id, attempt.exceptId),
        or(eq(f.email, attempt.email), eq(f.clientKey, attempt.clientKey)),
      ),
    );
  return {
    pairFailures: row?.pairFailures ?? 0,
    pairLastFailureAt: row?.pairLastFailureAt ?? null,
    otherAddressFailures: row?.otherAddressFailures ?? 0,
    addressUnknownFailures: row?.addressUnknownFailures ?? 0,
    accountFailures: row?.accountFailures ?? 0,
    accountLastFailureAt: row?.accountLastFailureAt ?? null,
  };
}

/** Whether the account has a sign-in source, matching `matches`, used since `since`. */
async function hasSignInSource(
  db: Executor,
  account: { userId: string; since: Date },
  matches: SQL | undefined,
): Promise<boolean> {
  const s = t.signInSources;
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(s)
    .where(and(eq(s.userId, account.userId), gt(s.lastSignInAt, account.since), matches))
    .limit(1);
  return row !== undefined;
}

const sourceIs = (kind: 'address' | 'device', value: string) =>
  and(eq(t.signInSources.kind, kind), eq(t.signInSources.value, value));

/** Whether the account has signed in from this address, or in this browser, since `since`. */
export function isFamiliarSource(
  db: Executor,
  source: { userId: string; address: string; device: string | null; since: Date },
): Promise<boolean> {
  return hasSignInSource(
    db,
    source,
    or(
      sourceIs('address', source.address),
      source.device === null ? undefined : sourceIs('device', source.device),
    ),
  );
}

/** Whether this browser's device cookie (its hash) was given to the account, since `since`. */
export function isDeviceOf(
  db: Executor,
  device: { userId: string; hash: string; since: Date },
): Promise<boolean> {
  return hasSignInSource(db, device, sourceIs('device', device.hash));
}

/** Remembers where the account has just signed in: its address and its browser's device cookie. */
export async function rememberSignInSources(
  db: Executor,
  source: { userId: string; address: string; device: string; at: Date },
) {
  const s = t.signInSources;
  await db
    .insert(s)
    .values([
      { userId: source.userId, kind: 'address', value: source.address, lastSignInAt: source.at },
      { userId: source.userId, kind: 'device', value: source.device, lastSignInAt: source.at },
    ])
    .onConflictDoUpdate({
      target: [s.userId, s.kind, s.value],
      set: { lastSignInAt: sql`excluded.last_sign_in_at` },
    });
}

/**
 * A right password forgets its own address's failures on the account (its client key's: all of
 * an IPv6 /64), not other addresses'.
 */
export async function clearPairFailures(db: Executor, email: string, clientKey: string) {
  await db
    .delete(t.loginFailures)
    .where(and(eq(t.loginFailures.email, email), eq(t.loginFailures.clientKey, clientKey)));
}

/** An admin's unlock or password reset forgets every failure of the account, from anywhere. */
export async function clearAccountFailures(db: Executor, account: { id: string; email: string }) {
  await db
    .delete(t.loginFailures)
    .where(
      or(
        eq(t.loginFailures.email, account.email.toLowerCase()),
        eq(t.loginFailures.userId, account.id),
      ),
    );
}

/** Each email's remembered failures, address (client key) by address: one round trip for a whole staff list. */
export async function failurePairsOf(db: Executor, emails: readonly string[], since: Date) {
  const byEmail = new Map<string, Array<{ failures: number; lastFailureAt: Date }>>();
  if (emails.length === 0) return byEmail;
  const rows = await db
    .select({
      email: t.loginFailures.email,
      failures: sql<number>`count(*)::int`,
      lastFailureAt: sql<Date>`max(${t.loginFailures.at})`.mapWith(t.loginFailures.at),
    })
    .from(t.loginFailures)
    .where(
      and(
        inArray(
          t.loginFailures.email,
          emails.map((e) => e.toLowerCase()),
        ),
        gt(t.loginFailures.at, since),
      ),
    )
    .groupBy(t.loginFailures.email, t.loginFailures.clientKey);
  for (const { email, ...pair } of rows) {
    byEmail.set(email, [...(byEmail.get(email) ?? []), pair]);
  }
  return byEmail;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<typeof t.users.$inferInsert>,
) {
  const [row] = await db.update(t.users).set(values).where(eq(t.users.id, id)).returning();
  return row;
}

/**
 * Whether the user is linked to a live identity provider in "SSO only" mode (ADR 048): their
 * password no longer signs them in.
 */
export async function signsInOnlyWithSso(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(t.userIdentities)
    .innerJoin(t.identityProviders, eq(t.identityProviders.id, t.userIdentities.providerId))
    .where(
      and(
        eq(t.userIdentities.userId, userId),
        eq(t.identityProviders.ssoOnly, true),
        isNull(t.identityProviders.archivedAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
