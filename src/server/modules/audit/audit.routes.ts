import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPaths, auditQuery, auditResponse } from '@contracts/admin';
import type { DbHandle } from '../../db/client';
import { browseAudit } from './audit.service';

/** The audit log, browsed by admins at /admin/audit. Reading it is not itself audited. */
export function auditRoutes(deps: { db: DbHandle }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      adminPaths.audit,
      {
        schema: { querystring: auditQuery, response: { 200: auditResponse } },
        config: { access: { roles: ['admin'] } },
      },
      async (request) => browseAudit(deps, request.auth!, request.query),
    );
  };
}
