import type { FastifyPluginAsync } from 'fastify';
import {
  acceptOfferEndpoint,
  appointmentOffersEndpoint,
  createWaitlistEntryEndpoint,
  declineOfferEndpoint,
  getOfferEndpoint,
  getWaitlistEntryEndpoint,
  listWaitlistEndpoint,
  removeWaitlistEntryEndpoint,
  updateWaitlistEntryEndpoint,
  waitlistSummaryEndpoint,
} from '@contracts/waitlist';
import type { AppDeps } from '../../app-deps';
import { patientLinkLimit } from '../../core/patient-link-limit';
import { route } from '../../core/route';
import { viewerTimezone } from '../../core/viewer-timezone';
import { acceptOffer, declineOffer, getOffer, type BookOffer } from './offer-answers';
import * as waitlist from './waitlist.service';

/**
 * The waitlist's routes. `book` is the appointments module's booking, given by the app: the
 * appointments module tells this one of freed time, so this one may not import it (ADR 019).
 */
export function waitlistRoutes(deps: AppDeps, book: BookOffer): FastifyPluginAsync {
  return async (app) => {
    route(app, listWaitlistEndpoint, async (request) =>
      waitlist.listWaitlist(deps, request.context, request.query),
    );
    route(app, waitlistSummaryEndpoint, async (request) =>
      waitlist.waitlistSummary(
        deps,
        request.context,
        request.query.clinic,
        viewerTimezone(request.context.user, request.query.timezone),
      ),
    );
    route(app, createWaitlistEntryEndpoint, async (request, reply) =>
      reply.code(201).send(await waitlist.createEntry(deps, request.context, request.body)),
    );
    route(app, getWaitlistEntryEndpoint, async (request) =>
      waitlist.getEntry(deps, request.context, request.params.id),
    );
    route(app, updateWaitlistEntryEndpoint, async (request) =>
      waitlist.updateEntry(deps, request.context, request.params.id, request.body),
    );
    route(app, removeWaitlistEntryEndpoint, async (request) =>
      waitlist.removeEntry(deps, request.context, request.params.id),
    );
    route(app, appointmentOffersEndpoint, async (request) =>
      waitlist.appointmentOffers(deps, request.context, request.params.id),
    );

    // Offer links are guessed at from outside, like visit links: the same limit, shared with them.
    const limited = patientLinkLimit(deps.config);
    route(app, getOfferEndpoint, async (request) => getOffer(deps, request.params.token), limited);
    route(
      app,
      acceptOfferEndpoint,
      async (request) => acceptOffer(deps, book, request.params.token, request.ip),
      limited,
    );
    route(
      app,
      declineOfferEndpoint,
      async (request) => declineOffer(deps, request.params.token, request.ip),
      limited,
    );
  };
}
