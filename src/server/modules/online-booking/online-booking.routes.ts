import type { FastifyPluginAsync } from 'fastify';
import {
  confirmHoldEndpoint,
  createHoldEndpoint,
  getNextFreeDayEndpoint,
  getPublicClinicEndpoint,
  getPublicSlotsEndpoint,
} from '@contracts/online-booking';
import type { AppDeps } from '../../app-deps';
import { patientLinkLimit } from '../../core/patient-link-limit';
import { route } from '../../core/route';
import * as service from './online-booking.service';
import { getNextFreeDay, getPublicSlots } from './public-slots';

export function onlineBookingRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // Reachable by anyone: each call is limited per address, for all instances together. The
    // confirmation link is a patient's link: it spends the allowance the other links share.
    const limited = {
      rateLimit: { max: deps.config.SESSION_LOOKUP_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
    };
    route(
      app,
      getPublicClinicEndpoint,
      async (request) => service.getPublicClinic(deps, request.params.slug, request.ip),
      limited,
    );
    route(
      app,
      getPublicSlotsEndpoint,
      async (request) => getPublicSlots(deps, request.params.slug, request.query, request.ip),
      limited,
    );
    route(
      app,
      getNextFreeDayEndpoint,
      async (request) => getNextFreeDay(deps, request.params.slug, request.query, request.ip),
      limited,
    );
    route(
      app,
      createHoldEndpoint,
      async (request, reply) => {
        const answer = await service.createHold(
          deps,
          request.params.slug,
          request.body,
          request.ip,
        );
        return reply.code(202).send(answer);
      },
      limited,
    );
    route(
      app,
      confirmHoldEndpoint,
      async (request, reply) => {
        const answer = await service.confirmHold(deps, request.params.token, request.ip);
        return reply.code(201).send(answer);
      },
      patientLinkLimit(deps.config),
    );
  };
}
