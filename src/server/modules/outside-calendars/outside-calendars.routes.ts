import type { FastifyPluginAsync } from 'fastify';
import {
  connectAgentOutsideCalendarEndpoint,
  connectOwnOutsideCalendarEndpoint,
  disconnectAgentOutsideCalendarEndpoint,
  disconnectOwnOutsideCalendarEndpoint,
  listAgentOutsideCalendarsEndpoint,
  listClinicOutsideCalendarsEndpoint,
  listOwnOutsideCalendarsEndpoint,
  setAgentOutsideCalendarPushEndpoint,
  setOwnOutsideCalendarPushEndpoint,
  syncAgentOutsideCalendarEndpoint,
  syncOwnOutsideCalendarEndpoint,
} from '@contracts/outside-calendars';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import * as calendars from './outside-calendars.service';

export function outsideCalendarsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    const self = (request: { context: { user: { id: string; timezone: string | null } } }) =>
      calendars.selfOwner(request.context.user);

    route(app, listOwnOutsideCalendarsEndpoint, async (request) =>
      calendars.listCalendars(deps, self(request)),
    );
    route(app, connectOwnOutsideCalendarEndpoint, async (request, reply) =>
      reply
        .status(201)
        .send(await calendars.connectCalendar(deps, request.context, self(request), request.body)),
    );
    route(app, syncOwnOutsideCalendarEndpoint, async (request) =>
      calendars.syncNow(deps, request.context, self(request), request.params.calendarId),
    );
    route(app, disconnectOwnOutsideCalendarEndpoint, async (request) =>
      calendars.disconnectCalendar(deps, request.context, self(request), request.params.calendarId),
    );

    route(app, setOwnOutsideCalendarPushEndpoint, async (request) =>
      calendars.setPush(
        deps,
        request.context,
        self(request),
        request.params.calendarId,
        request.body,
      ),
    );

    route(app, listClinicOutsideCalendarsEndpoint, async (request) =>
      calendars.listClinicCalendars(deps, request.context),
    );

    route(app, listAgentOutsideCalendarsEndpoint, async (request) =>
      calendars.listCalendars(
        deps,
        await calendars.agentOwner(deps, request.context, request.params.id),
      ),
    );
    route(app, connectAgentOutsideCalendarEndpoint, async (request, reply) => {
      const owner = await calendars.agentOwner(deps, request.context, request.params.id);
      return reply
        .status(201)
        .send(await calendars.connectCalendar(deps, request.context, owner, request.body));
    });
    route(app, syncAgentOutsideCalendarEndpoint, async (request) => {
      const owner = await calendars.agentOwner(deps, request.context, request.params.id);
      return calendars.syncNow(deps, request.context, owner, request.params.calendarId);
    });
    route(app, setAgentOutsideCalendarPushEndpoint, async (request) => {
      const owner = await calendars.agentOwner(deps, request.context, request.params.id);
      return calendars.setPush(
        deps,
        request.context,
        owner,
        request.params.calendarId,
        request.body,
      );
    });
    route(app, disconnectAgentOutsideCalendarEndpoint, async (request) => {
      const owner = await calendars.agentOwner(deps, request.context, request.params.id);
      return calendars.disconnectCalendar(deps, request.context, owner, request.params.calendarId);
    });
  };
}
