// The zod-free part of each session contract: enough for the web app to call it without
// loading the schemas. The contract in ../session.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const sessionPaths = {
  byToken: '/api/session',
  join: '/api/session/join',
  confirm: '/api/session/confirm',
  slots: '/api/session/slots',
  reschedule: '/api/session/reschedule',
  cancel: '/api/session/cancel',
  calendar: '/api/session/calendar.ics',
  signal: '/api/session/signal',
  staff: '/api/sessions/:id',
} as const;

export const getPatientSessionRoute = defineRoute({
  method: 'GET',
  path: sessionPaths.byToken,
  operationId: 'getPatientSession',
});

export const joinPatientSessionRoute = defineRoute({
  method: 'POST',
  path: sessionPaths.join,
  operationId: 'joinPatientSession',
});

export const confirmPatientSessionRoute = defineRoute({
  method: 'POST',
  path: sessionPaths.confirm,
  operationId: 'confirmPatientSession',
});

export const getStaffSessionRoute = defineRoute({
  method: 'GET',
  path: sessionPaths.staff,
  operationId: 'getStaffSession',
});

export const signalRoute = defineRoute({
  method: 'GET',
  path: sessionPaths.signal,
  operationId: 'openSignalSocket',
});

export const getPatientSlotsRoute = defineRoute({
  method: 'GET',
  path: sessionPaths.slots,
  operationId: 'getPatientSlots',
});

export const reschedulePatientSessionRoute = defineRoute({
  method: 'POST',
  path: sessionPaths.reschedule,
  operationId: 'reschedulePatientSession',
});

export const cancelPatientSessionRoute = defineRoute({
  method: 'POST',
  path: sessionPaths.cancel,
  operationId: 'cancelPatientSession',
});

export const getPatientCalendarRoute = defineRoute({
  method: 'GET',
  path: sessionPaths.calendar,
  operationId: 'getPatientCalendar',
});
