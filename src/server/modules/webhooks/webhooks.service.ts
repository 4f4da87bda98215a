import { randomBytes } from 'node:crypto';
import type {
  WebhookDeliveriesPage,
  WebhookDeliveryView,
  WebhookEndpointInput,
  WebhookEndpointView,
} from '@contracts/webhooks';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../core/request-context';
import { conflict, forbidden, notFound, unprocessable } from '../../errors';
import { auditChange } from '../audit';
import { assertPublicUrl, PrivateAddressError } from './url-guard';
import * as repo from './webhooks.repository';

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found.';

/**
 * What an admin of only some of an endpoint's clinics hears when they try to change it: its URL,
 * events, clinics and state decide where the other clinics' patients' data goes (ADR 030).
 */
export const SHARED_ENDPOINT_REFUSED =
  'This endpoint also serves clinics you do not administer. Only an admin of all its clinics ' +
  'can change, disable or remove it.';

function administersAll(ctx: RequestContext, clinicIds: readonly string[]): boolean {
  return clinicIds.every((id) => ctx.user.clinicIds.has(id));
}

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
    await audit(tx, ctx, 'create', row.id, now, { url: body.url, visitLinks: body.visitLinks });
    return row.id;
  });
  return findView(deps, ctx, id);
}

/**
 * Changes an endpoint: only an admin of all its clinics may (else 403), since its URL, events,
 * clinics and state decide where every one of its clinics' data goes. Enabling a disabled
 * endpoint starts afresh: its run of failures is forgotten and its waiting deliveries go out in
 * order. Withdrawing "visit links" takes the token out of its deliveries not yet sent, too.
 */
export async function updateEndpoint(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: WebhookEndpointInput,
): Promise<WebhookEndpointView> {
  // Answered before the URL is looked up: a partial admin learns nothing from the check.
  await findManageable(deps.db.db, ctx, id);
  checkClinics(ctx, body.clinicIds);
  await checkUrl(deps, body.url);
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    // Decided again on the locked row: its clinics may have changed since.
    const endpoint = await findManageable(tx, ctx, id);
    const enabling = body.enabled && !endpoint.enabled;
    await repo.updateEndpoint(tx, id, {
      url: body.url,
      description: body.description,
      events: body.events,
      clinicIds: body.clinicIds,
      enabled: body.enabled,
      visitLinks: body.visitLinks,
      updatedAt: now,
      ...(enabling ? { failingSince: null, disabledAt: null, disabledReason: null } : {}),
      ...(!body.enabled && endpoint.enabled
        ? { disabledAt: now, disabledReason: 'Disabled by an admin.' }
        : {}),
    });
    if (endpoint.visitLinks && !body.visitLinks) await repo.dropVisitTokens(tx, id);
    await audit(tx, ctx, 'update', id, now, {
      url: body.url,
      enabled: body.enabled,
      visitLinks: body.visitLinks,
    });
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
    await findManageable(tx, ctx, id);
    await repo.deleteEndpoint(tx, id);
    await audit(tx, ctx, 'revoke', id, now, { url: view.url });
  });
  return view;
}

/**
 * The endpoint, locked for the transaction, if the admin may change it: a 404 if it serves none
 * of their clinics (they cannot see it), a 403 if it also serves others (they can).
 */
async function findManageable(db: Executor, ctx: RequestContext, id: string) {
  const endpoint = await repo.lockEndpointOfClinics(db, id, [...ctx.user.clinicIds]);
  if (!endpoint) throw notFound(ENDPOINT_NOT_FOUND);
  if (!administersAll(ctx, endpoint.clinicIds)) throw forbidden(SHARED_ENDPOINT_REFUSED);
  return endpoint;
}

export async function listDeliveries(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  { page, limit }: { page: number; limit: number },
): Promise<WebhookDeliveriesPage> {
  const view = await findView(deps, ctx, id);
  const rows = await repo.listDeliveries(deps.db.db, id, deliveryClinics(ctx, view), {
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
  const view = await findView(deps, ctx, id);
  const row = await repo.findDelivery(deps.db.db, id, deliveryClinics(ctx, view), deliveryId);
  if (!row) throw notFound('Delivery not found.');
  const requeued = await repo.requeueDelivery(deps.db.db, row.id, deps.now());
  if (!requeued) throw conflict('This delivery is already waiting to be sent.');
  return deliveryView(requeued);
}

/**
 * Whose deliveries an admin sees: every one if they administer all the endpoint's clinics, else
 * those about their own clinics; another clinic's log names its patients' appointments.
 */
function deliveryClinics(ctx: RequestContext, view: WebhookEndpointView): string[] | null {
  return view.canManage ? null : [...ctx.user.clinicIds];
}

async function findView(deps: AppDeps, ctx: RequestContext, id: string) {
  const row = await repo.findEndpointOfClinics(deps.db.db, id, [...ctx.user.clinicIds]);
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return toView(row, ctx.user.clinicIds);
}

function audit(
  tx: Parameters<typeof auditChange>[0],
  ctx: RequestContext,
  action: 'create' | 'update' | 'revoke',
  id: string,
  now: Date,
  details: Record<string, unknown>,
) {
  return auditChange(
    tx,
    ctx,
    { action, entityType: 'webhook_endpoint', entityId: id, patientId: null, details },
    now,
  );
}

function toView(row: repo.ListedEndpointRow, mine: ReadonlySet<string>): WebhookEndpointView {
  const { endpoint } = row;
  const canManage = endpoint.clinicIds.every((id) => mine.has(id));
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events as WebhookEndpointView['events'],
    clinics: row.clinics.filter((c) => mine.has(c.id)),
    otherClinics: endpoint.clinicIds.filter((id) => !mine.has(id)).length,
    canManage,
    enabled: endpoint.enabled,
    visitLinks: endpoint.visitLinks,
    // Whoever holds it can sign deliveries as us, to any of its receivers' clinics.
    secret: canManage ? endpoint.secret : null,
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
