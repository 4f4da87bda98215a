import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionQuery,
  appointment,
  appointmentCounts,
  appointmentFilters,
  appointmentPaths,
  CANCEL_REASON_MAX,
  correctStatusBody,
  createAppointmentBody,
  paginatedQuery,
  paginatedResponse,
  rangeQuery,
  updateAppointmentBody,
  updateNotesBody,
} from '@contracts/appointments';
import { idParams, multiLineText } from '@contracts/common';
import type { AppDeps } from '../../app-deps';
import * as queries from './appointment-queries';
import { cancelAppointment } from './cancel-appointment';
import { changeAppointment } from './change-appointment';
import { correctStatus } from './correct-status';
import { createAppointment } from './create-appointment';
import { editNotes } from './edit-notes';
import { markAppointment } from './mark-appointment';

const staff = { access: 'authenticated' } as const;
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
});
const actionBody = z.object({ reason: multiLineText(CANCEL_REASON_MAX).optional() }).nullish();

export function appointmentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const ctx = (request: { auth: unknown; ip: string }) => ({
      user: request.auth as queries.QueryContext['user'],
      ip: request.ip,
    });

    app.get(
      appointmentPaths.list,
      {
        schema: { querystring: rangeQuery, response: { 200: z.array(appointment) } },
        config: staff,
      },
      async (request) => queries.listAppointmentsInRange(deps, ctx(request), request.query),
    );

    app.get(
      appointmentPaths.paginated,
      {
        schema: { querystring: paginatedQuery, response: { 200: paginatedResponse } },
        config: staff,
      },
      async (request, reply) => {
        const text = await queries.listAppointmentsPage(deps, ctx(request), request.query);
        // Already the response's JSON (the tests parse it with paginatedResponse); a string with
        // a JSON type skips the serialiser, which the route's typing cannot express.
        return reply.type('application/json; charset=utf-8').send(text as never);
      },
    );

    app.get(
      appointmentPaths.counts,
      {
        schema: { querystring: appointmentFilters, response: { 200: appointmentCounts } },
        config: staff,
      },
      async (request) => queries.countAppointments(deps, request.auth!, request.query),
    );

    app.get(
      appointmentPaths.one,
      { schema: { params: idParams, response: { 200: appointment } }, config: staff },
      async (request) => queries.getAppointment(deps, ctx(request), request.params.id),
    );

    app.post(
      appointmentPaths.list,
      {
        schema: {
          body: createAppointmentBody,
          headers: idempotencyHeaders,
          response: { 200: appointment, 201: appointment },
        },
        config: staff,
      },
      async (request, reply) => {
        const result = await createAppointment(
          deps,
          ctx(request),
          request.body,
          request.headers['idempotency-key'],
        );
        if (result.replayed) void reply.header('idempotent-replayed', 'true');
        return reply.status(result.status === 200 ? 200 : 201).send(result.body);
      },
    );

    app.put(
      appointmentPaths.one,
      {
        schema: { params: idParams, body: updateAppointmentBody, response: { 200: appointment } },
        config: staff,
      },
      async (request) => changeAppointment(deps, ctx(request), request.params.id, request.body),
    );

    app.post(
      appointmentPaths.one,
      {
        schema: {
          params: idParams,
          querystring: actionQuery,
          body: actionBody,
          response: { 200: appointment },
        },
        config: staff,
      },
      async (request) => {
        const { action } = request.query;
        if (action === 'cancel') {
          return cancelAppointment(deps, ctx(request), request.params.id, request.body?.reason);
        }
        return markAppointment(deps, ctx(request), request.params.id, action);
      },
    );

    app.patch(
      appointmentPaths.notes,
      {
        schema: { params: idParams, body: updateNotesBody, response: { 200: appointment } },
        config: staff,
      },
      async (request) => editNotes(deps, ctx(request), request.params.id, request.body.notes),
    );

    app.patch(
      appointmentPaths.status,
      {
        schema: { params: idParams, body: correctStatusBody, response: { 200: appointment } },
        config: staff,
      },
      async (request) => correctStatus(deps, ctx(request), request.params.id, request.body.status),
    );
  };
}
