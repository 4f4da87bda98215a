export const ROLES = ['admin', 'provider', 'nurse', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Appointments are held with providers and nurses; admins and other staff only manage them. */
export const BOOKABLE_ROLES = ['provider', 'nurse'] as const satisfies readonly Role[];
export type BookableRole = (typeof BOOKABLE_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isBookableRole(role: string | null | undefined): boolean {
  return (BOOKABLE_ROLES as readonly string[]).includes(normalizeRole(role));
}

/**
 * Spec §6 hides Reassign from nurses only and lets every other role see it. Roles arrive from
 * session data, so the comparison ignores case rather than trusting one spelling.
 */
export function canReassign(role: string | null | undefined): boolean {
  return normalizeRole(role) !== 'nurse';
}

function normalizeRole(role: string | null | undefined): string {
  return (role ?? '').trim().toLowerCase();
}
