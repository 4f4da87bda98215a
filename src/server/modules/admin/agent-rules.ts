import type { Role } from '@domain/roles';

// Pure rules of staff administration: no I/O, so they read the same in tests and in services.

/** The requested clinics an admin may not assign: unknown ones and other admins' clinics alike. */
export function clinicsOutsideScope(
  requested: readonly string[],
  adminClinicIds: ReadonlySet<string>,
): string[] {
  return requested.filter((id) => !adminClinicIds.has(id));
}

export const SELF_DEMOTION_REFUSED =
  'You cannot remove your own admin role. Ask another admin to change it.';
export const SELF_DEACTIVATION_REFUSED =
  'You cannot deactivate your own account. Ask another admin to do it.';

/**
 * Why an admin may not make this change to their own account, or null when they may. Refusing it
 * keeps at least one admin, the one acting, able to undo any mistake.
 */
export function selfChangeRefusal(
  actorId: string,
  targetId: string,
  change: { role?: Role; active?: boolean },
): string | null {
  if (actorId !== targetId) return null;
  if (change.role !== undefined && change.role !== 'admin') return SELF_DEMOTION_REFUSED;
  if (change.active === false) return SELF_DEACTIVATION_REFUSED;
  return null;
}

export const ACCOUNT_OUTSIDE_SCOPE =
  'This person also works at clinics you do not manage. Only an admin of all their clinics can change their name, email, role, access or password.';

/**
 * Why an admin may not change who this person is, how they sign in or what they may do (name,
 * email, role, active, password), or null when they may. An account is one across all its
 * clinics: an admin of only some of them could otherwise reset the password of someone who works
 * elsewhere too and sign in as them there, promote, demote or lock them out in clinics that
 * answer to other admins, or rename them (an admin of another clinic renamed to pass for someone
 * else). Their time zone and which of the admin's own clinics they work at stay the admin's to
 * change.
 */
export function accountChangeRefusal(
  targetClinicIds: readonly string[],
  adminClinicIds: ReadonlySet<string>,
): string | null {
  return targetClinicIds.every((id) => adminClinicIds.has(id)) ? null : ACCOUNT_OUTSIDE_SCOPE;
}
