// The zod-free part of each single sign-on contract: enough for the web app to call it without
// loading the schemas. The contract in ../sso.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const ssoPaths = {
  providers: '/api/admin/identity-providers',
  provider: '/api/admin/identity-providers/:id',
  archive: '/api/admin/identity-providers/:id/archive',
  start: '/api/auth/sso/start',
  callback: '/api/auth/sso/callback',
  backchannelLogout: '/api/auth/sso/backchannel-logout',
} as const;

export const listIdentityProvidersRoute = defineRoute({
  method: 'GET',
  path: ssoPaths.providers,
  operationId: 'listIdentityProviders',
});

export const createIdentityProviderRoute = defineRoute({
  method: 'POST',
  path: ssoPaths.providers,
  operationId: 'createIdentityProvider',
});

export const updateIdentityProviderRoute = defineRoute({
  method: 'PUT',
  path: ssoPaths.provider,
  operationId: 'updateIdentityProvider',
});

export const archiveIdentityProviderRoute = defineRoute({
  method: 'POST',
  path: ssoPaths.archive,
  operationId: 'archiveIdentityProvider',
});

export const startSsoSignInRoute = defineRoute({
  method: 'GET',
  path: ssoPaths.start,
  operationId: 'startSsoSignIn',
});

export const finishSsoSignInRoute = defineRoute({
  method: 'GET',
  path: ssoPaths.callback,
  operationId: 'finishSsoSignIn',
});

export const ssoBackchannelLogoutRoute = defineRoute({
  method: 'POST',
  path: ssoPaths.backchannelLogout,
  operationId: 'ssoBackchannelLogout',
});
