// The webhooks module's public entry: the admins' routes for endpoints and their delivery log,
// the worker that delivers, and how the appointments module queues a change's events and the
// waitlist its offers' answers.
export { webhooksRoutes } from './webhooks.routes';
export { createWebhookWorker, type WebhookWorker } from './webhook-worker';
export {
  appointmentWebhooksFor,
  queueAppointmentWebhooks,
  queueWebhookEvent,
  type AppointmentChangeForWebhooks,
} from './queue-webhooks';
// The guard on addresses people type in, for other modules' outbound requests (ADR 053).
export { guardedFetch, TooLargeError, type GuardedFetchOptions } from './guarded-fetch';
export { assertPublicUrl, PrivateAddressError } from './url-guard';
