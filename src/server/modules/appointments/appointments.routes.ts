import type { FastifyPluginAsync } from 'fastify';
import * as contract from '@contracts/appointments';
import * as series from '@contracts/series';
import type { AppDeps } from '../../app-deps';
import { sendIdempotent } from '../../core/idempotency';
import { route } from '../../core/route';
import { sendCsvFile } from '../../core/csv-file';
import { exportAppointmentsCsv } from './export-appointments';
import * as queries from './appointment-queries';
import { confirmAppointment } from './confirm-appointment';
import { cancelAppointment } from './cancel-appointment';
import { changeAppointment, checkAppointmentMove } from './change-appointment';
import { correctStatus } from './correct-status';
import { createAppointment } from './create-appointment';
import { editNotes } from './edit-notes';
import { createSeries } from './book-series';
import { getSeries, getSeriesOfAppointment } from './series-queries';
import { markAppointment } from './mark-appointment';
import { resetLink } from './reset-link';

export function appointmentsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, contract.listAppointmentsInRangeEndpoint, async (request) =>
      queries.listAppointmentsInRange(deps, request.context, request.query),
    );

    route(app, contract.listAppointmentsPageEndpoint, async (request, reply) => {
      const text = await queries.listAppointmentsPage(deps, request.context, request.query);
      // Already the response's JSON (the tests parse it with paginatedResponse); a string with
      // a JSON type skips the serialiser, which the route's typing cannot express.
      return reply.type('application/json; charset=utf-8').send(text);
    });

    route(app, contract.exportAppointmentsEndpoint, async (request, reply) =>
      sendCsvFile(reply, await exportAppointmentsCsv(deps, request.context, request.query)),
    );

    route(app, contract.countAppointmentsEndpoint, async (request) =>
      queries.countAppointments(deps, request.context, request.query),
    );

    route(app, series.createSeriesEndpoint, async (request, reply) =>
      sendIdempotent(
        reply,
        await createSeries(deps, request.context, request.body, {
          preview: request.query.preview ?? false,
          idempotencyKey: request.headers['idempotency-key'],
        }),
      ),
    );

    route(app, series.getSeriesEndpoint, async (request) =>
      getSeries(deps, request.context, request.params.id),
    );

    route(app, series.getSeriesOfAppointmentEndpoint, async (request) =>
      getSeriesOfAppointment(deps, request.context, request.params.id),
    );

    route(app, contract.getAppointmentEndpoint, async (request) =>
      queries.getAppointment(deps, request.context, request.params.id),
    );

    route(app, contract.createAppointmentEndpoint, async (request, reply) => {
      const key = request.headers['idempotency-key'];
      return sendIdempotent(
        reply,
        await createAppointment(deps, request.context, request.body, key),
      );
    });

    route(app, contract.changeAppointmentEndpoint, async (request) =>
      changeAppointment(deps, request.context, request.params.id, request.body),
    );

    route(app, contract.checkAppointmentMoveEndpoint, async (request) =>
      checkAppointmentMove(deps, request.context, request.params.id, request.body),
    );

    route(app, contract.actOnAppointmentEndpoint, async (request) => {
      const { action } = request.query;
      if (action === 'cancel') {
        return cancelAppointment(
          deps,
          request.context,
          request.params.id,
          request.body?.reason,
          request.body?.scope,
        );
      }
      if (action === 'confirm') return confirmAppointment(deps, request.context, request.params.id);
      return markAppointment(deps, request.context, request.params.id, action);
    });

    route(app, contract.editAppointmentNotesEndpoint, async (request) =>
      editNotes(deps, request.context, request.params.id, request.body.notes),
    );

    route(app, contract.correctAppointmentStatusEndpoint, async (request) =>
      correctStatus(deps, request.context, request.params.id, request.body.status),
    );

    route(app, contract.resetAppointmentLinkEndpoint, async (request) =>
      resetLink(deps, request.context, request.params.id),
    );
  };
}
