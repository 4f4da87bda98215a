import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import {
  joinBody,
  joinResponse,
  patientSessionView,
  sessionPaths,
  sessionTokenQuery,
  signalMessage,
  staffSessionView,
} from '@contracts/session';
import { idParams } from '@contracts/common';
import type { AppDeps } from '../../app-deps';
import { isCrossSiteRequest } from '../../plugins/auth';
import { HttpError } from '../../errors';
import * as sessions from './sessions.service';
import type { SignalHub, SignalPeer } from './signal-hub';

const signalQuery = z.object({
  token: z.string().max(256).optional(),
  appointmentId: z.uuid().optional(),
});

const HEARTBEAT_MS = 25_000;

export function sessionsRoutes(deps: AppDeps, hub: SignalHub): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = {
      access: 'public',
      rateLimit: { max: deps.config.SESSION_LOOKUP_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
    } as const;

    app.get(
      sessionPaths.byToken,
      {
        schema: { querystring: sessionTokenQuery, response: { 200: patientSessionView } },
        config: limited,
      },
      async (request) => sessions.getPatientSession(deps, request.query.token),
    );

    app.post(
      sessionPaths.join,
      { schema: { body: joinBody, response: { 200: joinResponse } }, config: limited },
      async (request) => sessions.joinPatientSession(deps, request.body.token, request.ip),
    );

    app.get(
      sessionPaths.staff,
      {
        schema: { params: idParams, response: { 200: staffSessionView } },
        config: { access: 'authenticated' },
      },
      async (request) => sessions.getStaffSession(deps, request.auth!, request.params.id),
    );

    /**
     * The visit's signalling socket. The patient proves themselves with the token of an open
     * visit, staff with their session cookie and clinic membership; a page of another site may
     * not open it with the staff member's cookie.
     */
    app.get(
      sessionPaths.signal,
      { websocket: true, schema: { querystring: signalQuery }, config: limited },
      async (socket: WebSocket, request) => {
        const refuse = (code: number, reason: string) => socket.close(code, reason.slice(0, 120));
        if (isCrossSiteRequest(request))
          return refuse(4403, 'Requests from other sites are not allowed.');
        let room: string;
        let role: SignalPeer['role'];
        try {
          if (request.query.token) {
            const view = await sessions.getPatientSession(deps, request.query.token);
            if (view.state !== 'open') return refuse(4409, 'The visit is not open.');
            room = view.appointmentId;
            role = 'patient';
          } else if (request.query.appointmentId && request.auth) {
            const view = await sessions.getStaffSession(
              deps,
              request.auth,
              request.query.appointmentId,
            );
            if (view.state === 'cancelled') return refuse(4409, 'This appointment was cancelled.');
            room = view.appointmentId;
            role = 'staff';
          } else {
            return refuse(4401, 'Sign in or use your visit link.');
          }
        } catch (err) {
          return refuse(
            err instanceof HttpError ? 4000 + err.statusCode : 4500,
            err instanceof Error ? err.message : 'Refused',
          );
        }

        const peer: SignalPeer = {
          id: hub.newPeerId(),
          role,
          send: (message) => {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
          },
        };
        let alive = true;
        socket.on('pong', () => (alive = true));
        const heartbeat = setInterval(() => {
          if (!alive) return socket.terminate();
          alive = false;
          socket.ping();
        }, HEARTBEAT_MS);
        socket.on('message', (data) => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(data.toString());
          } catch {
            return peer.send({ type: 'error', message: 'Messages must be JSON.' });
          }
          const message = signalMessage.safeParse(parsed);
          if (!message.success)
            return peer.send({ type: 'error', message: 'Unknown signalling message.' });
          void hub
            .relay(room, peer, message.data)
            .catch((err: unknown) => request.log.warn({ err }, 'signal relay failed'));
        });
        socket.on('close', () => {
          clearInterval(heartbeat);
          void hub.leave(room, peer).catch(() => {});
        });
        await hub.join(room, peer);
        peer.send({ type: 'ready', role });
      },
    );
  };
}
