// The zod-free part of each two-step sign-in contract (ADR 046): enough for the web app to call
// it without loading the schemas. The contract in ../two-step.ts spreads its route.
import { defineRoute } from '../endpoint';

export const twoStepPaths = {
  signIn: '/api/auth/two-step/sign-in',
  verify: '/api/auth/two-step/sign-in/verify',
  status: '/api/auth/two-step',
  totp: '/api/auth/two-step/totp',
  confirmTotp: '/api/auth/two-step/totp/confirm',
  removeTotp: '/api/auth/two-step/totp/remove',
  recoveryCodes: '/api/auth/two-step/recovery-codes',
  browsers: '/api/auth/two-step/browsers',
  browser: '/api/auth/two-step/browsers/:id',
  stepUp: '/api/auth/step-up',
} as const;

export const getSignInStepRoute = defineRoute({
  method: 'GET',
  path: twoStepPaths.signIn,
  operationId: 'getSignInStep',
});

export const verifySignInCodeRoute = defineRoute({
  method: 'POST',
  path: twoStepPaths.verify,
  operationId: 'verifySignInCode',
});

export const getTwoStepStatusRoute = defineRoute({
  method: 'GET',
  path: twoStepPaths.status,
  operationId: 'getTwoStepStatus',
});

export const startTotpEnrolmentRoute = defineRoute({
  method: 'POST',
  path: twoStepPaths.totp,
  operationId: 'startTotpEnrolment',
});

export const confirmTotpRoute = defineRoute({
  method: 'POST',
  path: twoStepPaths.confirmTotp,
  operationId: 'confirmTotp',
});

export const removeTotpRoute = defineRoute({
  method: 'POST',
  path: twoStepPaths.removeTotp,
  operationId: 'removeTotp',
});

export const regenerateRecoveryCodesRoute = defineRoute({
  method: 'POST',
  path: twoStepPaths.recoveryCodes,
  operationId: 'regenerateRecoveryCodes',
});

export const listRememberedBrowsersRoute = defineRoute({
  method: 'GET',
  path: twoStepPaths.browsers,
  operationId: 'listRememberedBrowsers',
});

export const forgetRememberedBrowserRoute = defineRoute({
  method: 'DELETE',
  path: twoStepPaths.browser,
  operationId: 'forgetRememberedBrowser',
});

export const forgetAllRememberedBrowsersRoute = defineRoute({
  method: 'DELETE',
  path: twoStepPaths.browsers,
  operationId: 'forgetAllRememberedBrowsers',
});

export const stepUpRoute = defineRoute({
  method: 'POST',
  path: twoStepPaths.stepUp,
  operationId: 'stepUp',
});
