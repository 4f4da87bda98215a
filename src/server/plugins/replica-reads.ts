import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isWalPosition, type ReplicaReads } from '../db/replica-reads';

/** The primary's WAL position after the caller's last change (ADR 063). */
export const WAL_COOKIE = 'carebook_wal';
/**
 * How long a write's position is carried. A replica is normally a fraction of a second behind;
 * past ten minutes the cookie only keeps sending its bearer to the primary (a cluster restored
 * from a dump starts at lower positions).
 */
const WAL_COOKIE_SECONDS = 600;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Read replicas, when DATABASE_READ_URL is set (ADR 063): the handler of every endpoint whose
 * contract says `reads: 'replica'` runs with its SELECTs on a replica that has replayed the
 * caller's last write, and every change's answer carries the primary's WAL position in a cookie
 * for the reads after it, on whichever instance they arrive. Without replicas the plugin adds
 * nothing.
 */
export const replicaReadsPlugin = fp(
  async (app: FastifyInstance, options: { replica: ReplicaReads | undefined }) => {
    const { replica } = options;
    if (!replica) return;

    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.config?.endpoint?.reads !== 'replica') return;
      if (![route.method].flat().every((m) => m === 'GET' || m === 'HEAD')) return;
      const handler = route.handler as (
        this: FastifyInstance,
        request: FastifyRequest,
        reply: FastifyReply,
      ) => Promise<unknown>;
      route.handler = function readOnReplica(request, reply) {
        const after = request.cookies[WAL_COOKIE];
        return replica.run(isWalPosition(after) ? after : undefined, () =>
          handler.call(this, request, reply),
        );
      };
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!MUTATING.has(request.method) || !request.routeOptions.config?.endpoint) return payload;
      if (reply.statusCode >= 500) return payload;
      const position = await replica.primaryPosition();
      if (position) {
        void reply.setCookie(WAL_COOKIE, position, {
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          path: '/',
          maxAge: WAL_COOKIE_SECONDS,
        });
      }
      return payload;
    });
  },
  { name: 'replica-reads' },
);
