// The sso module's public entry: the admins' routes for identity providers, the browser's
// sign-in through them (ADR 048), and where sign-out sends a browser whose session began there.
export { ssoRoutes } from './sso.routes';
export { ssoSignOutRedirect } from './sign-out-redirect';
