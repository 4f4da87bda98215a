import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clinicNameColumns } from '../../db/clinic-columns';
import * as t from '../../db/schema';

export type InvitationRow = typeof t.invitations.$inferSelect;

const open = and(isNull(t.invitations.acceptedAt), isNull(t.invitations.revokedAt));

export async function emailHasAccount(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(sql`lower(${t.users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/**
 * An expired invitation that nobody withdrew stands in the way of a new one to its address (one
 * open invitation per address): it is withdrawn when the new one is made.
 */
export async function withdrawExpired(db: Executor, email: string, now: Date) {
  await db
    .update(t.invitations)
    .set({ revokedAt: now })
    .where(
      and(
        open,
        sql`lower(${t.invitations.email}) = ${email.toLowerCase()}`,
        lte(t.invitations.expiresAt, now),
      ),
    );
}

export async function hasOpenInvitation(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.invitations.id })
    .from(t.invitations)
    .where(and(open, sql`lower(${t.invitations.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row !== undefined;
}

export async function insertInvitation(
  db: Executor,
  values: typeof t.invitations.$inferInsert,
  clinicIds: readonly string[],
): Promise<InvitationRow> {
  const [row] = await db.insert(t.invitations).values(values).returning();
  await db
    .insert(t.invitationClinics)
    .values(clinicIds.map((clinicId) => ({ invitationId: row!.id, clinicId })));
  return row!;
}

/** Open invitations to any of these clinics, oldest first. */
export async function listOpen(db: Executor, clinicIds: readonly string[]) {
  if (clinicIds.length === 0) return [];
  return db
    .select()
    .from(t.invitations)
    .where(
      and(
        open,
        sql`exists (select 1 from ${t.invitationClinics} ic
                    where ic.invitation_id = ${t.invitations.id}
                      and ic.clinic_id in ${[...clinicIds]})`,
      ),
    )
    .orderBy(asc(t.invitations.createdAt), asc(t.invitations.id));
}

/** An open invitation to one of these clinics, locked for the change about to be made. */
export async function findOpenVisible(db: Executor, id: string, clinicIds: readonly string[]) {
  if (clinicIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(t.invitations)
    .where(
      and(
        eq(t.invitations.id, id),
        open,
        sql`exists (select 1 from ${t.invitationClinics} ic
                    where ic.invitation_id = ${t.invitations.id}
                      and ic.clinic_id in ${[...clinicIds]})`,
      ),
    )
    .for('update');
  return row;
}

/** Every clinic of these invitations, with its name, for the list and for scope checks. */
export async function clinicsOf(db: Executor, invitationIds: readonly string[]) {
  if (invitationIds.length === 0) return [];
  return db
    .select({ invitationId: t.invitationClinics.invitationId, ...clinicNameColumns })
    .from(t.invitationClinics)
    .innerJoin(t.clinics, eq(t.clinics.id, t.invitationClinics.clinicId))
    .where(inArray(t.invitationClinics.invitationId, [...invitationIds]))
    .orderBy(asc(t.clinics.name));
}

export async function namesOf(db: Executor, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: t.users.id, name: t.users.name })
    .from(t.users)
    .where(inArray(t.users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function updateInvitation(
  db: Executor,
  id: string,
  values: Partial<typeof t.invitations.$inferInsert>,
) {
  const [row] = await db
    .update(t.invitations)
    .set(values)
    .where(eq(t.invitations.id, id))
    .returning();
  return row!;
}

/** The invitation a link opens, while it is open and has not expired. */
export async function findLiveByToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(t.invitations)
    .where(and(eq(t.invitations.tokenHash, tokenHash), open, gt(t.invitations.expiresAt, now)))
    .limit(1);
  return row;
}

/**
 * Takes the invitation up, if it is still open: of two acceptances at once, the row lock lets
 * one through and the other finds it taken.
 */
export async function claim(db: Executor, id: string, now: Date) {
  const [row] = await db
    .update(t.invitations)
    .set({ acceptedAt: now })
    .where(and(eq(t.invitations.id, id), open, gt(t.invitations.expiresAt, now)))
    .returning();
  return row;
}

export async function createAccount(
  db: Executor,
  invitation: InvitationRow,
  passwordHash: string,
  now: Date,
) {
  const [user] = await db
    .insert(t.users)
    .values({
      email: invitation.email,
      name: invitation.name,
      role: invitation.role,
      passwordHash,
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: t.users.id, email: t.users.email });
  await db.execute(
    sql`insert into ${t.clinicMembers} (user_id, clinic_id, created_at)
        select ${user!.id}::uuid, ic.clinic_id, ${now.toISOString()}::timestamptz
        from ${t.invitationClinics} ic where ic.invitation_id = ${invitation.id}`,
  );
  await db
    .update(t.invitations)
    .set({ userId: user!.id })
    .where(eq(t.invitations.id, invitation.id));
  return user!;
}
