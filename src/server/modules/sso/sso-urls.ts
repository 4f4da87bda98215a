import type { Config } from '../../config';

// The addresses the provider sends the browser back to are built from PUBLIC_URL, like every
// link the app gives out: behind a proxy the request's own host is not what the provider knows.

export const redirectUri = (config: Pick<Config, 'PUBLIC_URL'>) =>
  new URL('/api/auth/sso/callback', config.PUBLIC_URL).toString();

export const postLogoutRedirectUri = (config: Pick<Config, 'PUBLIC_URL'>) =>
  new URL('/auth/login', config.PUBLIC_URL).toString();

/** Where a refused single sign-on lands: the sign-in page, which words the code. */
export const loginWithError = (code: string) => `/auth/login?sso_error=${encodeURIComponent(code)}`;

/** The sign-in page, to give the second factor a sign-in through the provider still owes. */
export const continueSignIn = (next: string | null) =>
  `/auth/login?continue=1${next ? `&next=${encodeURIComponent(next)}` : ''}`;
