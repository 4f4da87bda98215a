import type { FastifyPluginAsync } from 'fastify';
import {
  acceptInvitationEndpoint,
  checkInvitationEndpoint,
  checkPasswordResetEndpoint,
  completePasswordResetEndpoint,
  endAgentSessionsEndpoint,
  endMySessionEndpoint,
  endOtherSessionsEndpoint,
  inviteStaffEndpoint,
  listInvitationsEndpoint,
  listMySessionsEndpoint,
  requestPasswordResetEndpoint,
  resendInvitationEndpoint,
  revokeInvitationEndpoint,
} from '@contracts/accounts';
import type { AppDeps } from '../../app-deps';
import { route, type RouteExtras } from '../../core/route';
import * as invitations from './invitations.service';
import * as reset from './password-reset.service';
import * as sessions from './user-sessions.service';

/** Password reset by e-mail, invitations and each user's sessions (issue 43, ADR 047). */
export function accountsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // The links' calls share one allowance per address on every instance, as the sign-in does:
    // their tokens cannot be guessed, and this keeps anyone from trying at speed.
    const linkLimit = {
      rateLimit: {
        max: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE,
        timeWindow: '1 minute',
        groupId: 'account-links',
      },
    } satisfies RouteExtras;

    // No 429 here: past its limits a request is answered as any other and sends nothing.
    route(app, requestPasswordResetEndpoint, async (request) =>
      reset.requestPasswordReset(deps, request.body, request.ip),
    );
    route(
      app,
      checkPasswordResetEndpoint,
      async (request) => reset.checkPasswordReset(deps, request.body.token),
      linkLimit,
    );
    route(
      app,
      completePasswordResetEndpoint,
      async (request) => reset.completePasswordReset(deps, request.body, request.ip),
      linkLimit,
    );
    route(
      app,
      checkInvitationEndpoint,
      async (request) => invitations.checkInvitation(deps, request.body.token),
      linkLimit,
    );
    route(
      app,
      acceptInvitationEndpoint,
      async (request, reply) =>
        reply.status(201).send(await invitations.acceptInvitation(deps, request.body, request.ip)),
      linkLimit,
    );

    route(app, listMySessionsEndpoint, async (request) => ({
      data: await sessions.listMySessions(deps, request.context),
    }));
    route(app, endMySessionEndpoint, async (request) => {
      await sessions.endMySession(deps, request.context, request.params.id);
      return { ok: true as const };
    });
    route(app, endOtherSessionsEndpoint, async (request) =>
      sessions.endOtherSessions(deps, request.context),
    );

    route(app, listInvitationsEndpoint, async (request) => ({
      data: await invitations.listInvitations(deps, request.context),
    }));
    route(app, inviteStaffEndpoint, async (request, reply) =>
      reply.status(201).send(await invitations.inviteStaff(deps, request.context, request.body)),
    );
    route(app, resendInvitationEndpoint, async (request) =>
      invitations.resendInvitation(deps, request.context, request.params.id),
    );
    route(app, revokeInvitationEndpoint, async (request) => {
      await invitations.revokeInvitation(deps, request.context, request.params.id);
      return { ok: true as const };
    });
    route(app, endAgentSessionsEndpoint, async (request) =>
      sessions.endAgentSessions(deps, request.context, request.params.id),
    );
  };
}
