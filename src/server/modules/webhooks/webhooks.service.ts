import { randomBytes } from 'node:crypto';
import type {
  WebhookDeliveriesPage,
  WebhookDeliveryView,
  WebhookEndpointInput,
  WebhookEndpointView,
} from '@contracts/webhooks';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { conflict, notFound, unprocessable } from '../../errors';
import { recordAudit } from '../audit';
import { assertPublicUrl, PrivateAddressError } from './url-guard';
import * as repo from './webhooks.repository';

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found.';

/** A Standard Webhooks key: `whsec_` and 192 random bits, base64. */
function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

async function checkUrl(deps: AppDeps, url: string) {
  try {
    await assertPublicUrl(url, { allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE });
  } catch (err) {
    if (err instanceof PrivateAddressError) {
      throw unprocessable(err.message, { fields: [{ field: 'url', message: err.message }] });
    }
    throw err;
  }
}

function checkClinics(ctx: RequestContext, clinicIds: readonly string[]) {
  for (const clinicId of clinicIds) {
    if (!ctx.user.clinicIds.has(clinicId)) throw notFound('Clinic not found.');
  }
}

export async function listEndpoints(
  deps: AppDeps,
  { user }: RequestContext,
): Promise<{ data: WebhookEndpointView[] }> {
  const rows = await repo.listEndpointsOfClinics(deps.db.db, [...user.clinicIds]);
  return { data: rows.map((row) => toView(row, user.clinicIds)) };
}

export async function createEndpoint(
  deps: AppDeps,
  ctx: RequestContext,
  body: WebhookEndpointInput,
): Promise<WebhookEndpointView> {
  checkClinics(ctx, body.clinicIds);
  await checkUrl(deps, body.url);
  const now = deps.now();
  const id = await deps.db.db.transaction(async (tx) => {
    const row = await repo.insertEndpoint(tx, {
      ...body,
      secret: newSigningSecret(),
      createdBy: ctx.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, ctx, 'create', row.id, now, { url: body.url });
    return row.id;
  });
  return findView(deps, ctx, id);
}

/**
 * Changes an endpoint. Clinics the admin does not manage stay as they were: an admin can neither
 * see nor take away another clinic's subscription. Enabling a disabled endpoint starts afresh:
 * its run of failures is forgotten and its waiting deliveries go out in order.
 */
export async function updateEndpoint(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: WebhookEndpointInput,
): Promise<WebhookEndpointView> {
  const found = await repo.findEndpointOfClinics(deps.db.db, id, [...ctx.user.clinicIds]);
  if (!found) throw notFound(ENDPOINT_NOT_FOUND);
  checkClinics(ctx, body.clinicIds);
  await checkUrl(deps, body.url);
  const others = found.endpoint.clinicIds.filter((c) => !ctx.user.clinicIds.has(c));
  const now = deps.now();
  const enabling = body.enabled && !found.endpoint.enabled;
  await deps.db.db.transaction(async (tx) => {
    await repo.updateEndpoint(tx, id, {
      url: body.url,
      description: body.description,
      events: body.events,
      clinicIds: [...new Set([...body.clinicIds, ...others])],
      enabled: body.enabled,
      updatedAt: now,
      ...(enabling ? { failingSince: null, disabledAt: null, disabledReason: null } : {}),
      ...(!body.enabled && found.endpoint.enabled
        ? { disabledAt: now, disabledReason: 'Disabled by an admin.' }
        : {}),
    });
    await audit(tx, ctx, 'update', id, now, { url: body.url, enabled: body.enabled });
  });
  return findView(deps, ctx, id);
}

export async function deleteEndpoint(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<WebhookEndpointView> {
  const view = await findView(deps, ctx, id);
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    await repo.deleteEndpoint(tx, id);
    await audit(tx, ctx, 'revoke', id, now, { url: view.url });
  });
  return view;
}

export async function listDeliveries(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  { page, limit }: { page: number; limit: number },
): Promise<WebhookDeliveriesPage> {
  await findView(deps, ctx, id);
  const rows = await repo.listDeliveries(deps.db.db, id, {
    limit: limit + 1,
    offset: (page - 1) * limit,
  });
  return {
    data: rows.slice(0, limit).map(deliveryView),
    pagination: { hasNextPage: rows.length > limit, currentPage: page },
  };
}

/**
 * Sends a delivery again with its own `webhook-id` and body, so a receiver that already has it
 * can tell. It takes its place in the appointment's order again: later events wait for it.
 */
export async function resendDelivery(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  deliveryId: number,
): Promise<WebhookDeliveryView> {
  await findView(deps, ctx, id);
  const row = await repo.findDelivery(deps.db.db, id, deliveryId);
  if (!row) throw notFound('Delivery not found.');
  const requeued = await repo.requeueDelivery(deps.db.db, row.id, deps.now());
  if (!requeued) throw conflict('This delivery is already waiting to be sent.');
  return deliveryView(requeued);
}

async function findView(deps: AppDeps, ctx: RequestContext, id: string) {
  const row = await repo.findEndpointOfClinics(deps.db.db, id, [...ctx.user.clinicIds]);
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return toView(row, ctx.user.clinicIds);
}

function audit(
  tx: Parameters<typeof recordAudit>[0],
  ctx: RequestContext,
  action: 'create' | 'update' | 'revoke',
  id: string,
  now: Date,
  details: Record<string, unknown>,
) {
  return recordAudit(
    tx,
    { userId: ctx.user.id, ip: ctx.ip },
    [{ action, entityType: 'webhook_endpoint', entityId: id, patientId: null, details }],
    now,
  );
}

function toView(row: repo.ListedEndpointRow, mine: ReadonlySet<string>): WebhookEndpointView {
  const { endpoint } = row;
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events as WebhookEndpointView['events'],
    clinics: row.clinics.filter((c) => mine.has(c.id)),
    enabled: endpoint.enabled,
    secret: endpoint.secret,
    failingSince: endpoint.failingSince?.toISOString() ?? null,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    disabledReason: endpoint.disabledReason,
    createdAt: endpoint.createdAt.toISOString(),
  };
}

function deliveryView(row: repo.DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    messageId: row.messageId,
    event: row.event,
    appointmentId: row.appointmentId,
    // The table's check constraint allows these alone.
    status: row.status as WebhookDeliveryView['status'],
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
