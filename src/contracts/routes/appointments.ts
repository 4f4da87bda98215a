// The zod-free part of each appointments contract: enough for the web app to call it without
// loading the schemas. The contract in ../appointments.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const appointmentPaths = {
  list: '/api/appointments',
  paginated: '/api/appointments/paginated',
  export: '/api/appointments/export',
  counts: '/api/appointments/counts',
  one: '/api/appointments/:id',
  notes: '/api/appointments/:id/notes',
  status: '/api/appointments/:id/status',
  linkReset: '/api/appointments/:id/link-reset',
  moveCheck: '/api/appointments/:id/move-check',
} as const;

export const listAppointmentsInRangeRoute = defineRoute({
  method: 'GET',
  path: appointmentPaths.list,
  operationId: 'listAppointmentsInRange',
});

export const listAppointmentsPageRoute = defineRoute({
  method: 'GET',
  path: appointmentPaths.paginated,
  operationId: 'listAppointmentsPage',
});

export const exportAppointmentsRoute = defineRoute({
  method: 'GET',
  path: appointmentPaths.export,
  operationId: 'exportAppointments',
});

export const countAppointmentsRoute = defineRoute({
  method: 'GET',
  path: appointmentPaths.counts,
  operationId: 'countAppointments',
});

export const getAppointmentRoute = defineRoute({
  method: 'GET',
  path: appointmentPaths.one,
  operationId: 'getAppointment',
});

export const createAppointmentRoute = defineRoute({
  method: 'POST',
  path: appointmentPaths.list,
  operationId: 'createAppointment',
});

export const changeAppointmentRoute = defineRoute({
  method: 'PUT',
  path: appointmentPaths.one,
  operationId: 'changeAppointment',
});

export const actOnAppointmentRoute = defineRoute({
  method: 'POST',
  path: appointmentPaths.one,
  operationId: 'actOnAppointment',
});

export const editAppointmentNotesRoute = defineRoute({
  method: 'PATCH',
  path: appointmentPaths.notes,
  operationId: 'editAppointmentNotes',
});

export const correctAppointmentStatusRoute = defineRoute({
  method: 'PATCH',
  path: appointmentPaths.status,
  operationId: 'correctAppointmentStatus',
});

export const resetAppointmentLinkRoute = defineRoute({
  method: 'POST',
  path: appointmentPaths.linkReset,
  operationId: 'resetAppointmentLink',
});

export const checkAppointmentMoveRoute = defineRoute({
  method: 'POST',
  path: appointmentPaths.moveCheck,
  operationId: 'checkAppointmentMove',
});
