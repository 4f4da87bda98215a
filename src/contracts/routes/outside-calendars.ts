// The zod-free part of each outside-calendar contract (ADR 053): enough for the web app to call
// it without loading the schemas. The contract in ../outside-calendars.ts spreads its route.
import { defineRoute } from '../endpoint';

export const outsideCalendarPaths = {
  own: '/api/outside-calendars',
  ownOne: '/api/outside-calendars/:calendarId',
  ownSync: '/api/outside-calendars/:calendarId/sync',
  ownPush: '/api/outside-calendars/:calendarId/push',
  agent: '/api/admin/agents/:id/outside-calendars',
  agentOne: '/api/admin/agents/:id/outside-calendars/:calendarId',
  agentSync: '/api/admin/agents/:id/outside-calendars/:calendarId/sync',
  agentPush: '/api/admin/agents/:id/outside-calendars/:calendarId/push',
  clinics: '/api/admin/outside-calendars',
} as const;

export const listClinicOutsideCalendarsRoute = defineRoute({
  method: 'GET',
  path: outsideCalendarPaths.clinics,
  operationId: 'listClinicOutsideCalendars',
});

export const listOwnOutsideCalendarsRoute = defineRoute({
  method: 'GET',
  path: outsideCalendarPaths.own,
  operationId: 'listOwnOutsideCalendars',
});
export const connectOwnOutsideCalendarRoute = defineRoute({
  method: 'POST',
  path: outsideCalendarPaths.own,
  operationId: 'connectOwnOutsideCalendar',
});
export const syncOwnOutsideCalendarRoute = defineRoute({
  method: 'POST',
  path: outsideCalendarPaths.ownSync,
  operationId: 'syncOwnOutsideCalendar',
});
export const disconnectOwnOutsideCalendarRoute = defineRoute({
  method: 'DELETE',
  path: outsideCalendarPaths.ownOne,
  operationId: 'disconnectOwnOutsideCalendar',
});
export const listAgentOutsideCalendarsRoute = defineRoute({
  method: 'GET',
  path: outsideCalendarPaths.agent,
  operationId: 'listAgentOutsideCalendars',
});
export const connectAgentOutsideCalendarRoute = defineRoute({
  method: 'POST',
  path: outsideCalendarPaths.agent,
  operationId: 'connectAgentOutsideCalendar',
});
export const syncAgentOutsideCalendarRoute = defineRoute({
  method: 'POST',
  path: outsideCalendarPaths.agentSync,
  operationId: 'syncAgentOutsideCalendar',
});
export const disconnectAgentOutsideCalendarRoute = defineRoute({
  method: 'DELETE',
  path: outsideCalendarPaths.agentOne,
  operationId: 'disconnectAgentOutsideCalendar',
});
export const setOwnOutsideCalendarPushRoute = defineRoute({
  method: 'PATCH',
  path: outsideCalendarPaths.ownPush,
  operationId: 'setOwnOutsideCalendarPush',
});
export const setAgentOutsideCalendarPushRoute = defineRoute({
  method: 'PATCH',
  path: outsideCalendarPaths.agentPush,
  operationId: 'setAgentOutsideCalendarPush',
});
