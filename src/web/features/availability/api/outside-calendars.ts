import { queryOptions } from '@tanstack/react-query';
import type {
  ConnectOutsideCalendarBody,
  OutsideCalendarPushBody,
} from '@contracts/outside-calendars';
import {
  connectAgentOutsideCalendarRoute,
  connectOwnOutsideCalendarRoute,
  disconnectAgentOutsideCalendarRoute,
  disconnectOwnOutsideCalendarRoute,
  listAgentOutsideCalendarsRoute,
  listClinicOutsideCalendarsRoute,
  listOwnOutsideCalendarsRoute,
  setAgentOutsideCalendarPushRoute,
  setOwnOutsideCalendarPushRoute,
  syncAgentOutsideCalendarRoute,
  syncOwnOutsideCalendarRoute,
} from '@contracts/routes/outside-calendars';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { outsideCalendarKeys, slotKeys } from '@web/queries/query-keys';
import type { AvailabilityTarget } from './get-availability';

// Outside calendars (ADR 053) on the availability screen: the signed-in agent's own, or, for an
// admin, one agent's by the twin routes that take the agent's id.

const keyOf = (target: AvailabilityTarget) =>
  target.kind === 'own' ? outsideCalendarKeys.own() : outsideCalendarKeys.agent(target.agentId);

export function outsideCalendarsQueryOptions(target: AvailabilityTarget) {
  return queryOptions({
    queryKey: keyOf(target),
    queryFn: ({ signal }) =>
      target.kind === 'own'
        ? callEndpoint(listOwnOutsideCalendarsRoute, {
            signal,
            fallback: 'Failed to load outside calendars',
          })
        : callEndpoint(listAgentOutsideCalendarsRoute, {
            params: { id: target.agentId },
            signal,
            fallback: 'Failed to load outside calendars',
          }),
  });
}

/** Busy times change what can be booked: slots are refetched after every change here. */
const refreshed = (target: AvailabilityTarget) => [keyOf(target), slotKeys.all];

export function useConnectOutsideCalendar(target: AvailabilityTarget) {
  return useWriteThenRefresh(
    (body: ConnectOutsideCalendarBody) =>
      target.kind === 'own'
        ? callEndpoint(connectOwnOutsideCalendarRoute, {
            body,
            fallback: 'Failed to connect the calendar',
          })
        : callEndpoint(connectAgentOutsideCalendarRoute, {
            params: { id: target.agentId },
            body,
            fallback: 'Failed to connect the calendar',
          }),
    refreshed(target),
  );
}

export function useSyncOutsideCalendar(target: AvailabilityTarget) {
  return useWriteThenRefresh(
    (calendarId: string) =>
      target.kind === 'own'
        ? callEndpoint(syncOwnOutsideCalendarRoute, {
            params: { calendarId },
            fallback: 'Failed to sync the calendar',
          })
        : callEndpoint(syncAgentOutsideCalendarRoute, {
            params: { id: target.agentId, calendarId },
            fallback: 'Failed to sync the calendar',
          }),
    refreshed(target),
  );
}

export function useDisconnectOutsideCalendar(target: AvailabilityTarget) {
  return useWriteThenRefresh(
    (calendarId: string) =>
      target.kind === 'own'
        ? callEndpoint(disconnectOwnOutsideCalendarRoute, {
            params: { calendarId },
            fallback: 'Failed to disconnect the calendar',
          })
        : callEndpoint(disconnectAgentOutsideCalendarRoute, {
            params: { id: target.agentId, calendarId },
            fallback: 'Failed to disconnect the calendar',
          }),
    refreshed(target),
  );
}

/** Push (ADR 062): write this person's appointments into a CalDAV calendar, with names or not. */
export function useSetOutsideCalendarPush(target: AvailabilityTarget) {
  return useWriteThenRefresh(
    ({ calendarId, body }: { calendarId: string; body: OutsideCalendarPushBody }) =>
      target.kind === 'own'
        ? callEndpoint(setOwnOutsideCalendarPushRoute, {
            params: { calendarId },
            body,
            fallback: 'Failed to save the calendar’s push settings',
          })
        : callEndpoint(setAgentOutsideCalendarPushRoute, {
            params: { id: target.agentId, calendarId },
            body,
            fallback: 'Failed to save the calendar’s push settings',
          }),
    [keyOf(target), outsideCalendarKeys.clinics()],
  );
}

/** The admins' integrations page: every calendar of their clinics' staff, with its sync state. */
export const clinicOutsideCalendarsQueryOptions = queryOptions({
  queryKey: outsideCalendarKeys.clinics(),
  queryFn: ({ signal }) =>
    callEndpoint(listClinicOutsideCalendarsRoute, {
      signal,
      fallback: 'Failed to load outside calendars',
    }),
});
