import type { AccessRule, Endpoint } from '@contracts/endpoint';

export type { AccessRule } from '@contracts/endpoint';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** The contract the route was registered from (src/contracts); every /api route has one. */
    endpoint?: Endpoint;
  }
}

export function describeAccess(rule: AccessRule): string {
  if (typeof rule === 'string') return rule;
  return `roles: ${rule.roles.join(', ')}`;
}
