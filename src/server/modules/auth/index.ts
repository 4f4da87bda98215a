// The auth module's public entry: what the app, the auth plugin, other modules and the tests may
// use. Everything else in this folder is the module's own business (eslint.config.js).
export { authRoutes } from './auth.routes';
export {
  authenticate,
  authUserView,
  sessionIdOf,
  sessionUserView,
  type AuthDeps,
} from './auth.service';
export { SESSION_COOKIE } from './session-cookie';
export { endSessionsOf, liftSignInThrottle, throttledAccounts } from './sign-in-access';
export {
  finishSignIn,
  hasSecondFactor,
  markSecondFactorGiven,
  PENDING_SIGN_IN_MINUTES,
  secondFactorRequired,
  secondFactorsOf,
  stageAfterFirstFactor,
  startSession,
  stepUpIsFresh,
  type SignInMethod,
  type StartedSession,
} from './sign-in-stage';
export { clearSessionCookie, setSessionCookie } from './session-cookie';
export { requireFreshSecondFactor } from './step-up';
export { recordFactorChange } from './factor-mail';
export { forgetAllRememberedBrowsers } from './remembered-browsers';
