import type { FastifyPluginAsync } from 'fastify';
import {
  getOutboxMessageEndpoint,
  listAppointmentMessagesEndpoint,
  listOutboxEndpoint,
  listPatientMessagesEndpoint,
  resendOutboxMessageEndpoint,
} from '@contracts/outbox';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import * as outbox from './outbox.service';

/** Admins see every notification of their clinics as it is sent, and can send one again. */
export function outboxRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, listOutboxEndpoint, async (request) =>
      outbox.listOutbox(deps, request.context, request.query),
    );

    route(app, getOutboxMessageEndpoint, async (request) =>
      outbox.getOutboxMessage(deps, request.context, request.params.id),
    );

    route(app, resendOutboxMessageEndpoint, async (request) =>
      outbox.resendMessage(deps, request.context, request.params.id),
    );

    // The same messages on a patient's record and an appointment (issue 44).
    route(app, listPatientMessagesEndpoint, async (request) =>
      outbox.listPatientMessages(deps, request.context, request.params.id),
    );

    route(app, listAppointmentMessagesEndpoint, async (request) =>
      outbox.listAppointmentMessages(deps, request.context, request.params.id),
    );
  };
}
