import { confirmTotpRoute, startTotpEnrolmentRoute, stepUpRoute } from '@contracts/routes/two-step';
import { callEndpoint } from './endpoint-client';

// The calls of two-step sign-in (ADR 046) that the sign-in page and the settings page share:
// setting up the authenticator app happens in either, and the step-up dialog is app-wide.

export function startTotpEnrolment() {
  return callEndpoint(startTotpEnrolmentRoute, {
    fallback: 'Could not start setting up the authenticator app. Please try again.',
  });
}

export function confirmTotp(code: string) {
  return callEndpoint(confirmTotpRoute, {
    body: { code },
    fallback: 'Could not check the code. Please try again.',
  });
}

export function stepUp(code: string) {
  return callEndpoint(stepUpRoute, {
    body: { code },
    fallback: 'Could not check the code. Please try again.',
  });
}
