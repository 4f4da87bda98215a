import type { Role } from '@domain/roles';
import type { AuthUser } from '../modules/auth/auth.service';

/**
 * Every /api route declares who may call it in its route config: anyone ('public'), any signed-in
 * staff member ('authenticated'), or the listed roles. A route without a rule cannot be registered.
 */
export type AccessRule = 'public' | 'authenticated' | { roles: readonly Role[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

export function describeAccess(rule: AccessRule): string {
  if (typeof rule === 'string') return rule;
  return `roles: ${rule.roles.join(', ')}`;
}
