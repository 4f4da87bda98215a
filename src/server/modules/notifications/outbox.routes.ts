import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { wholeNumber } from '@contracts/common';
import { notFound } from '../../errors';
import * as repo from './outbox.repository';

const admins = { access: { roles: ['admin'] } } as const;
const outboxItem = z.object({
  id: z.number(),
  kind: z.string(),
  appointmentId: z.string().nullable(),
  recipients: z.array(z.object({ email: z.string(), name: z.string(), role: z.string() })),
  status: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
const listQuery = z.object({
  status: z.enum(['pending', 'sent', 'failed']).optional(),
  page: wholeNumber(1, 10_000).default(1),
  limit: wholeNumber(1, 100).default(50),
});
const idParams = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

const view = (row: repo.OutboxRow) => ({
  id: row.id,
  kind: row.kind,
  appointmentId: row.appointmentId,
  recipients: row.recipients as Array<{ email: string; name: string; role: string }>,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Admins see every notification of their clinics, and can send one again. */
export function outboxRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/outbox',
      {
        schema: {
          querystring: listQuery,
          response: {
            200: z.object({
              data: z.array(outboxItem),
              pagination: z.object({ hasNextPage: z.boolean(), currentPage: z.number() }),
            }),
          },
        },
        config: admins,
      },
      async (request) => {
        const { page, limit, status } = request.query;
        const rows = await repo.listForClinics(deps.db.db, [...request.auth!.clinicIds], {
          status,
          limit: limit + 1,
          offset: (page - 1) * limit,
        });
        return {
          data: rows.slice(0, limit).map(view),
          pagination: { hasNextPage: rows.length > limit, currentPage: page },
        };
      },
    );

    app.post(
      '/api/admin/outbox/:id/resend',
      { schema: { params: idParams, response: { 200: outboxItem } }, config: admins },
      async (request) => {
        const row = await repo.findOne(deps.db.db, request.params.id);
        const clinicId = row?.appointmentId
          ? await repo.clinicOfAppointment(deps.db.db, row.appointmentId)
          : undefined;
        if (!row || (clinicId && !request.auth!.clinicIds.has(clinicId)))
          throw notFound('Message not found.');
        const requeued = await repo.requeue(deps.db.db, row.id, deps.now());
        return view(requeued!);
      },
    );
  };
}
