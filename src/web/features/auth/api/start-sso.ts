import { startSsoSignInRoute } from '@contracts/routes/sso';

/**
 * Where the browser goes to sign in through the identity provider of an e-mail address: a full
 * page load, since the server answers with a redirect to the provider (or back to /auth/login
 * with the reason it could not).
 */
export function ssoStartUrl(email: string, next: string | null): string {
  const query = new URLSearchParams({ email: email.trim() });
  if (next && next !== '/') query.set('next', next);
  return `${startSsoSignInRoute.path}?${query.toString()}`;
}
