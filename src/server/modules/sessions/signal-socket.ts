import type { WebSocket } from 'ws';
import {
  signalMessage,
  VISIT_LINK_REPLACED,
  VISIT_OPENED_ELSEWHERE,
  type signalEndpoint,
} from '@contracts/session';
import type { AppDeps } from '../../app-deps';
import type { EndpointRequest } from '../../core/route';
import { isCrossSiteRequest } from '../../security/cross-site';
import { HttpError } from '../../errors';
import type { SignalHub, SignalPeer } from './signal-hub';
import { enterVisit, keepSeat, leaveSeat, type Admission } from './visit-room';

/**
 * The visit's signalling socket. The patient proves themselves with the token of an open
 * visit, staff with their session cookie (and must be the one the visit is booked with); a
 * page of another site may not open it with the staff member's cookie. Each side holds one
 * place in the room (see enterVisit), which this socket keeps while its heartbeat lasts.
 */
export function signalSocket(deps: AppDeps, hub: SignalHub) {
  return async (socket: WebSocket, request: EndpointRequest<typeof signalEndpoint>) => {
    const refuse = (code: number, reason: string) => socket.close(code, reason.slice(0, 120));
    if (isCrossSiteRequest(request))
      return refuse(4403, 'Requests from other sites are not allowed.');
    const peerId = hub.newPeerId();
    // Set once in the room; the close handler, registered first, reads what there is by then.
    const inRoom: { room?: string; peer?: SignalPeer; heartbeat?: NodeJS.Timeout } = {};
    let alive = true;
    const release = () => leaveSeat(deps, peerId).catch(() => {});
    socket.on('close', () => {
      clearInterval(inRoom.heartbeat);
      if (inRoom.room && inRoom.peer) void hub.leave(inRoom.room, inRoom.peer).catch(() => {});
      void release();
    });

    let admission: Admission;
    const connection = { connectionId: peerId, clientId: request.query.client ?? peerId };
    try {
      if (request.query.token) {
        admission = await enterVisit(
          deps,
          { kind: 'patient', token: request.query.token },
          undefined,
          { ...connection, ip: request.ip },
        );
      } else if (request.query.appointmentId && request.context) {
        admission = await enterVisit(
          deps,
          { kind: 'staff', user: request.context.user },
          request.query.appointmentId,
          { ...connection, ip: request.ip },
        );
      } else {
        return refuse(4401, 'Sign in or use your visit link.');
      }
    } catch (err) {
      return refuse(
        err instanceof HttpError ? 4000 + err.statusCode : 4500,
        err instanceof HttpError ? err.message : 'The visit could not be joined.',
      );
    }
    // Gone while it was being let in: give the place back at once.
    if (socket.readyState !== socket.OPEN) return void release();

    const room = (inRoom.room = admission.room);
    const joined: SignalPeer = {
      id: peerId,
      role: admission.seat,
      name: admission.name,
      send: (message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      },
      close: refuse,
    };
    socket.on('pong', () => (alive = true));
    inRoom.heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
      // A take-over whose word was lost between instances still ends this socket here.
      // A patient's link replaced by staff since they came in ends their window too.
      void keepSeat(deps, peerId, request.query.token)
        .then((seat) => {
          if (seat === 'taken') refuse(4409, VISIT_OPENED_ELSEWHERE);
          else if (seat === 'link-replaced') refuse(4410, VISIT_LINK_REPLACED);
        })
        .catch(() => {});
    }, deps.config.SIGNAL_HEARTBEAT_MS);
    socket.on('message', (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        return joined.send({ type: 'error', message: 'Messages must be JSON.' });
      }
      const message = signalMessage.safeParse(parsed);
      if (!message.success)
        return joined.send({ type: 'error', message: 'Unknown signalling message.' });
      void hub
        .relay(room, joined, message.data)
        .catch((err: unknown) => request.log.warn({ err }, 'signal relay failed'));
    });
    if (admission.evicted)
      await hub.evict(room, joined, admission.evicted, 4409, VISIT_OPENED_ELSEWHERE);
    inRoom.peer = joined;
    await hub.join(room, joined);
    joined.send({ type: 'ready', role: joined.role });
  };
}
