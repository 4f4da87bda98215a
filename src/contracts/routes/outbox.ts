// The zod-free part of each outbox contract: enough for the web app to call it without
// loading the schemas. The contract in ../outbox.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const outboxPaths = {
  list: '/api/admin/outbox',
  one: '/api/admin/outbox/:id',
  resend: '/api/admin/outbox/:id/resend',
  ofPatient: '/api/patients/:id/messages',
  ofAppointment: '/api/appointments/:id/messages',
} as const;

export const listOutboxRoute = defineRoute({
  method: 'GET',
  path: outboxPaths.list,
  operationId: 'listOutbox',
});

export const getOutboxMessageRoute = defineRoute({
  method: 'GET',
  path: outboxPaths.one,
  operationId: 'getOutboxMessage',
});

export const resendOutboxMessageRoute = defineRoute({
  method: 'POST',
  path: outboxPaths.resend,
  operationId: 'resendOutboxMessage',
});

export const listPatientMessagesRoute = defineRoute({
  method: 'GET',
  path: outboxPaths.ofPatient,
  operationId: 'listPatientMessages',
});

export const listAppointmentMessagesRoute = defineRoute({
  method: 'GET',
  path: outboxPaths.ofAppointment,
  operationId: 'listAppointmentMessages',
});
