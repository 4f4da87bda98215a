// The zod-free part of each auth contract: enough for the web app to call it without
// loading the schemas. The contract in ../auth.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const authPaths = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  session: '/api/auth/session',
  password: '/api/auth/password',
  profile: '/api/auth/profile',
} as const;

export const signInRoute = defineRoute({
  method: 'POST',
  path: authPaths.login,
  operationId: 'signIn',
});

export const signOutRoute = defineRoute({
  method: 'POST',
  path: authPaths.logout,
  operationId: 'signOut',
});

export const getSessionRoute = defineRoute({
  method: 'GET',
  path: authPaths.session,
  operationId: 'getSession',
});

export const changePasswordRoute = defineRoute({
  method: 'POST',
  path: authPaths.password,
  operationId: 'changePassword',
});

export const updateProfileRoute = defineRoute({
  method: 'PUT',
  path: authPaths.profile,
  operationId: 'updateProfile',
});
