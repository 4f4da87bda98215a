import { z } from 'zod';
import { wholeNumber } from './common';
import { defineEndpoint } from './endpoint';

export const outboxPaths = {
  list: '/api/admin/outbox',
  resend: '/api/admin/outbox/:id/resend',
} as const;

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export const outboxStatus = z.enum(OUTBOX_STATUSES);
export type OutboxStatus = z.infer<typeof outboxStatus>;

/** One notification to deliver, as an admin sees it. */
export const outboxMessage = z.object({
  id: z.number(),
  kind: z.string(),
  appointmentId: z.string().nullable(),
  recipients: z.array(z.object({ email: z.string(), name: z.string(), role: z.string() })),
  status: outboxStatus,
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxQuery = z.object({
  status: outboxStatus.optional(),
  page: wholeNumber(1, 10_000).default(1),
  limit: wholeNumber(1, 100).default(50),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

export const outboxPage = z.object({
  data: z.array(outboxMessage),
  pagination: z.object({ hasNextPage: z.boolean(), currentPage: z.number() }),
});
export type OutboxPage = z.infer<typeof outboxPage>;

export const outboxIdParams = z.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER) });

const admins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const listOutboxEndpoint = defineEndpoint({
  ...admins,
  method: 'GET',
  path: outboxPaths.list,
  operationId: 'listOutbox',
  summary: 'Notifications of the admin’s clinics, delivered or still to deliver, newest first',
  query: outboxQuery,
  responses: { 200: outboxPage },
});

export const resendOutboxMessageEndpoint = defineEndpoint({
  ...admins,
  method: 'POST',
  path: outboxPaths.resend,
  operationId: 'resendOutboxMessage',
  summary: 'Queue a notification to be sent again at once',
  params: outboxIdParams,
  responses: { 200: outboxMessage },
  errors: [404],
});
