import type { FastifyPluginAsync } from 'fastify';
import { browseAuditEndpoint } from '@contracts/admin';
import type { DbHandle } from '../../db/client';
import { route } from '../../core/route';
import { browseAudit } from './audit.service';

/** The audit log, browsed by admins at /admin/audit. Reading it is not itself audited. */
export function auditRoutes(deps: { db: DbHandle }): FastifyPluginAsync {
  return async (app) => {
    route(app, browseAuditEndpoint, async (request) =>
      browseAudit(deps, request.context, request.query),
    );
  };
}
