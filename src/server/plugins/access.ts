/**
 * Every /api route declares who may call it in its route config. Sign-in (a later issue) enforces
 * it; the authorization matrix test fails for a route without a rule.
 */
export type AccessRule = 'public' | { roles: ReadonlyArray<'admin' | 'provider' | 'nurse' | 'staff'> };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
}
