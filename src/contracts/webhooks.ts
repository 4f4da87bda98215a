import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@domain/webhook-events';
import {
  clinicLabel,
  idParams,
  pageOf,
  pageQueryOf,
  safeText,
  uuidParam,
  wholeNumber,
} from './common';
import { defineEndpoint } from './endpoint';
import {
  createWebhookEndpointRoute,
  deleteWebhookEndpointRoute,
  listWebhookDeliveriesRoute,
  listWebhookEndpointsRoute,
  resendWebhookDeliveryRoute,
  updateWebhookEndpointRoute,
} from './routes/webhooks';

export { WEBHOOK_EVENTS };
export const webhookEvent = z.enum(WEBHOOK_EVENTS);

export const WEBHOOK_URL_MAX = 2000;

const webhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX)
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }))
  .refine(
    (url) => {
      // Runs after a failed check too: a value that is no URL is already refused above.
      if (!URL.canParse(url)) return true;
      const { username, password } = new URL(url);
      return !username && !password;
    },
    { error: 'must not carry a user name or password' },
  );

export const webhookEndpointBody = z.object({
  url: webhookUrl,
  description: safeText(200).default(''),
  events: z
    .array(webhookEvent)
    .min(1, 'choose at least one event')
    .transform((events) => [...new Set(events)]),
  clinicIds: z
    .array(uuidParam)
    .min(1, 'choose at least one clinic')
    .max(100)
    .transform((ids) => [...new Set(ids)]),
  enabled: z.boolean().default(true),
  /**
   * Whether payloads carry the patient's visit token, with which anyone can move or cancel the
   * visit (ADR 030). Off unless asked for; only an admin of all the endpoint's clinics can set it.
   */
  visitLinks: z.boolean().default(false),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBody>;
export type WebhookEndpointInput = z.output<typeof webhookEndpointBody>;

/**
 * An endpoint as an admin sees it. An admin of all its clinics manages it and sees the secret its
 * receiver verifies signatures with; an admin of only some sees that it exists, for which of
 * their clinics, and nothing they could use to act for the others (ADR 030).
 */
export const webhookEndpointView = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEvent),
  /** The clinics it serves that this admin administers. */
  clinics: z.array(clinicLabel),
  /** Clinics it serves that this admin does not administer, by count only. */
  otherClinics: z.number().int(),
  /** Whether this admin administers all its clinics, and so may see its secret and change it. */
  canManage: z.boolean(),
  enabled: z.boolean(),
  visitLinks: z.boolean(),
  secret: z
    .string()
    .nullable()
    .describe(
      'The `whsec_…` key for the Standard Webhooks verifier; null for an admin who does not ' +
        'administer all the endpoint’s clinics.',
    ),
  /** Since when every attempt has failed; null while deliveries succeed. */
  failingSince: z.string().nullable(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

export const webhookEndpointsResponse = z.object({ data: z.array(webhookEndpointView) });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sent'] as const;

export const webhookDeliveryView = z.object({
  id: z.number(),
  messageId: z.string(),
  event: z.string(),
  appointmentId: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const webhookDeliveriesQuery = z.object(pageQueryOf(25));

export const webhookDeliveriesPage = pageOf(webhookDeliveryView);
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPage>;

const deliveryParams = z.object({
  id: uuidParam,
  deliveryId: wholeNumber(1, Number.MAX_SAFE_INTEGER),
});

const forAdmins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const listWebhookEndpointsEndpoint = defineEndpoint({
  ...forAdmins,
  ...listWebhookEndpointsRoute,
  summary: 'The webhook endpoints that hear of any of the admin’s clinics',
  responses: { 200: webhookEndpointsResponse },
});

export const createWebhookEndpointEndpoint = defineEndpoint({
  ...forAdmins,
  ...createWebhookEndpointRoute,
  summary: 'Register an address to be told of appointment changes, signed as Standard Webhooks',
  description:
    'Each clinic must be one of the admin’s (else 404). An address that resolves to a private, ' +
    'loopback or link-local address is refused (422) unless the server allows it.',
  body: webhookEndpointBody,
  responses: { 201: webhookEndpointView },
  errors: [404, 422],
});

export const updateWebhookEndpointEndpoint = defineEndpoint({
  ...forAdmins,
  ...updateWebhookEndpointRoute,
  summary: 'Change an endpoint; enabling a disabled one resumes its waiting deliveries in order',
  params: idParams,
  description:
    'Only an admin of all the endpoint’s clinics may change it (else 403, with nothing changed).',
  body: webhookEndpointBody,
  responses: { 200: webhookEndpointView },
  errors: [403, 404, 422],
});

export const deleteWebhookEndpointEndpoint = defineEndpoint({
  ...forAdmins,
  ...deleteWebhookEndpointRoute,
  summary: 'Remove an endpoint with its delivery log; nothing more is sent to it',
  description: 'Only an admin of all the endpoint’s clinics may remove it (else 403).',
  params: idParams,
  responses: { 200: webhookEndpointView },
  errors: [403, 404],
});

export const listWebhookDeliveriesEndpoint = defineEndpoint({
  ...forAdmins,
  ...listWebhookDeliveriesRoute,
  summary:
    'An endpoint’s delivery log, newest first: only the deliveries about the admin’s clinics',
  params: idParams,
  query: webhookDeliveriesQuery,
  responses: { 200: webhookDeliveriesPage },
  errors: [404],
});

export const resendWebhookDeliveryEndpoint = defineEndpoint({
  ...forAdmins,
  ...resendWebhookDeliveryRoute,
  summary: 'Send a delivery again, with the same `webhook-id`, as soon as the worker runs',
  params: deliveryParams,
  responses: { 200: webhookDeliveryView },
  errors: [404, 409],
});
