import type { Role } from './roles';

export interface GroupMapping {
  group: string;
  role: Role;
  clinicIds: readonly string[];
}

/**
 * What an identity provider's groups give a person (ADR 048): the role of the first mapping, in
 * the admin's order, whose group they are in, and the clinics of every mapping they match. Null
 * when no mapping matches: such a person gets no account. Group names are compared exactly, as
 * providers send them (case matters to some).
 */
export function mapGroups(
  mappings: readonly GroupMapping[],
  groups: readonly string[],
): { role: Role; clinicIds: string[] } | null {
  const mine = new Set(groups);
  const matched = mappings.filter((m) => mine.has(m.group));
  const first = matched[0];
  if (!first) return null;
  return { role: first.role, clinicIds: [...new Set(matched.flatMap((m) => m.clinicIds))] };
}

/** The domain of an e-mail address, lower-cased; '' when it has none. */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}
