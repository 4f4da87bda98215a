import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { accountKeys } from '@web/queries/query-keys';
import {
  endMySessionRoute,
  endOtherSessionsRoute,
  listMySessionsRoute,
} from '@contracts/routes/accounts';

/** Where the signed-in user is signed in (ADR 047). */
export function useMySessions() {
  return useQuery(
    endpointQuery(accountKeys.mySessions, listMySessionsRoute, {
      fallback: 'Failed to load where you are signed in',
    }),
  );
}

export function useEndMySession() {
  return useWriteThenRefresh(
    (id: string) =>
      callEndpoint(endMySessionRoute, { params: { id }, fallback: 'Failed to sign it out' }),
    [accountKeys.mySessions],
  );
}

export function useEndOtherSessions() {
  return useWriteThenRefresh(
    () => callEndpoint(endOtherSessionsRoute, { fallback: 'Failed to sign out elsewhere' }),
    [accountKeys.mySessions],
  );
}
