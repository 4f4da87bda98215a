import { useQuery } from '@tanstack/react-query';
import type { RemoveTotpBody } from '@contracts/two-step';
import {
  forgetAllRememberedBrowsersRoute,
  forgetRememberedBrowserRoute,
  getTwoStepStatusRoute,
  listRememberedBrowsersRoute,
  regenerateRecoveryCodesRoute,
  removeTotpRoute,
} from '@contracts/routes/two-step';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { twoStepKeys } from '@web/queries/query-keys';

export function useTwoStepStatus() {
  return useQuery(
    endpointQuery(twoStepKeys.status(), getTwoStepStatusRoute, {
      fallback: 'Could not load your two-step sign-in settings',
    }),
  );
}

export function useRememberedBrowsers(enabled: boolean) {
  return useQuery(
    endpointQuery(
      twoStepKeys.browsers(),
      listRememberedBrowsersRoute,
      { fallback: 'Could not load your remembered browsers' },
      { enabled },
    ),
  );
}

/** After a change to the factors: the status and the browsers are read again. */
const refresh = [twoStepKeys.all] as const;

export function useRefreshTwoStep() {
  return useWriteThenRefresh(async () => undefined, refresh);
}

export function useRemoveTotp() {
  return useWriteThenRefresh(
    (body: RemoveTotpBody) =>
      callEndpoint(removeTotpRoute, {
        body,
        fallback: 'Could not remove the authenticator app',
      }),
    refresh,
  );
}

export function useRegenerateRecoveryCodes() {
  return useWriteThenRefresh(
    () =>
      callEndpoint(regenerateRecoveryCodesRoute, {
        fallback: 'Could not make new recovery codes',
      }),
    refresh,
  );
}

export function useForgetBrowser() {
  return useWriteThenRefresh(
    (id: string) =>
      callEndpoint(forgetRememberedBrowserRoute, {
        params: { id },
        fallback: 'Could not forget the browser',
      }),
    refresh,
  );
}

export function useForgetAllBrowsers() {
  return useWriteThenRefresh(
    () =>
      callEndpoint(forgetAllRememberedBrowsersRoute, {
        fallback: 'Could not forget the browsers',
      }),
    refresh,
  );
}
