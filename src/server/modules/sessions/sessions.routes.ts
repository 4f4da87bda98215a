import type { FastifyPluginAsync } from 'fastify';
import {
  cancelPatientSessionEndpoint,
  getPatientCalendarEndpoint,
  getPatientSlotsEndpoint,
  reschedulePatientSessionEndpoint,
  getPatientSessionEndpoint,
  getStaffSessionEndpoint,
  joinPatientSessionEndpoint,
  confirmPatientSessionEndpoint,
  signalEndpoint,
} from '@contracts/session';
import type { AppDeps } from '../../app-deps';
import { patientLinkLimit } from '../../core/patient-link-limit';
import { pageLanguage } from '../../core/patient-sentences';
import { route, socketRoute } from '../../core/route';
import * as selfService from './self-service.service';
import * as sessions from './sessions.service';
import type { SignalHub } from './signal-hub';
import { signalSocket } from './signal-socket';

export function sessionsRoutes(deps: AppDeps, hub: SignalHub): FastifyPluginAsync {
  return async (app) => {
    // Links are guessed at from outside; these are the calls a guesser would make.
    const limited = patientLinkLimit(deps.config);

    route(
      app,
      getPatientSessionEndpoint,
      async (request) =>
        selfService.getPatientSession(deps, request.query.token, pageLanguage(request)),
      limited,
    );

    route(
      app,
      joinPatientSessionEndpoint,
      async (request) => sessions.joinPatientSession(deps, request.body.token, request.ip),
      limited,
    );

    route(
      app,
      confirmPatientSessionEndpoint,
      async (request) => {
        await sessions.confirmPatientSession(deps, request.body.token, request.ip);
        return selfService.getPatientSession(deps, request.body.token, pageLanguage(request));
      },
      limited,
    );

    route(
      app,
      getPatientSlotsEndpoint,
      async (request) => selfService.patientSlots(deps, request.query, request.ip),
      limited,
    );

    route(
      app,
      reschedulePatientSessionEndpoint,
      async (request) =>
        selfService.reschedulePatientSession(deps, request.body, request.ip, pageLanguage(request)),
      limited,
    );

    route(
      app,
      cancelPatientSessionEndpoint,
      async (request) =>
        selfService.cancelPatientSession(deps, request.body, request.ip, pageLanguage(request)),
      limited,
    );

    route(
      app,
      getPatientCalendarEndpoint,
      async (request, reply) => {
        const ics = await selfService.patientCalendar(deps, request.query.token);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', 'attachment; filename="appointment.ics"')
          .send(ics);
      },
      limited,
    );

    route(app, getStaffSessionEndpoint, async (request) =>
      sessions.getStaffSession(deps, request.context, request.params.id),
    );

    socketRoute(app, signalEndpoint, signalSocket(deps, hub), limited);
  };
}
