import { SMART_SCOPE } from '@contracts/integrations';

/**
 * SMART system scopes (SMART App Launch 2.x, ADR 059): `system/<Type or *>.<permissions>`, where
 * the permissions are v2's letters `c r u d s` (create, read, update, delete, search, in that
 * order) or v1's `read` (= rs), `write` (= cud) and `*` (= cruds). Kept and granted in v2 form.
 */
export type Permission = 'c' | 'r' | 'u' | 'd' | 's';
const ORDER: readonly Permission[] = ['c', 'r', 'u', 'd', 's'];

export interface SmartScope {
  /** A FHIR resource type, or `*` for all of them. */
  type: string;
  permissions: ReadonlySet<Permission>;
}

const V1: Record<string, string> = { read: 'rs', write: 'cud', '*': 'cruds' };

/** The scope a string names, or null when it is not a SMART system scope. */
export function parseScope(text: string): SmartScope | null {
  const match = SMART_SCOPE.exec(text);
  if (!match) return null;
  const letters = V1[match[2]!] ?? match[2]!;
  return { type: match[1]!, permissions: new Set(letters.split('') as Permission[]) };
}

export function formatScope(scope: SmartScope): string {
  return `system/${scope.type}.${ORDER.filter((p) => scope.permissions.has(p)).join('')}`;
}

/** Scopes of one type merged: `system/Patient.r` and `system/Patient.s` are `system/Patient.rs`. */
function merged(scopes: readonly SmartScope[]): SmartScope[] {
  const byType = new Map<string, Set<Permission>>();
  for (const scope of scopes) {
    if (scope.permissions.size === 0) continue;
    const set = byType.get(scope.type) ?? new Set<Permission>();
    for (const p of scope.permissions) set.add(p);
    byType.set(scope.type, set);
  }
  // A type's permissions that `*` already gives add nothing.
  const all = byType.get('*');
  return [...byType]
    .map(([type, permissions]) => ({
      type,
      permissions:
        type === '*' || !all ? permissions : new Set([...permissions].filter((p) => !all.has(p))),
    }))
    .filter((s) => s.permissions.size > 0)
    .sort((a, b) =>
      a.type === b.type ? 0 : a.type === '*' ? -1 : b.type === '*' ? 1 : a.type < b.type ? -1 : 1,
    );
}

/**
 * What a token asking for `requested` is given by a client registered for `registered`: each
 * requested scope cut down to what the registration allows of its type (never more: a request
 * beyond the registration is not an escalation, it is granted what it may have).
 */
export function grantScopes(
  requested: readonly SmartScope[],
  registered: readonly SmartScope[],
): SmartScope[] {
  const granted: SmartScope[] = [];
  for (const want of requested) {
    for (const have of registered) {
      const permissions = new Set([...want.permissions].filter((p) => have.permissions.has(p)));
      if (have.type === '*' || have.type === want.type) {
        granted.push({ type: want.type, permissions });
      } else if (want.type === '*') {
        granted.push({ type: have.type, permissions });
      }
    }
  }
  return merged(granted);
}

/** Whether the scopes allow this interaction with this resource type. */
export function permits(
  scopes: readonly SmartScope[],
  type: string,
  permission: Permission,
): boolean {
  return scopes.some((s) => (s.type === '*' || s.type === type) && s.permissions.has(permission));
}

/** The scopes of a space-separated list, in the order given; the malformed ones named apart. */
export function parseScopeList(text: string): { scopes: SmartScope[]; malformed: string[] } {
  const scopes: SmartScope[] = [];
  const malformed: string[] = [];
  for (const word of text.split(' ').filter(Boolean)) {
    const scope = parseScope(word);
    if (scope) scopes.push(scope);
    else malformed.push(word);
  }
  return { scopes, malformed };
}

export const scopeText = (scopes: readonly SmartScope[]) => scopes.map(formatScope).join(' ');
