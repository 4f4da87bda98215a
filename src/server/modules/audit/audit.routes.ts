import type { FastifyPluginAsync } from 'fastify';
import { browseAuditEndpoint, exportAuditEndpoint } from '@contracts/admin';
import type { DbHandle } from '../../db/client';
import { sendCsvFile } from '../../core/csv-file';
import { route } from '../../core/route';
import { browseAudit } from './audit.service';
import { exportAuditCsv } from './audit-export';

/** The audit log, browsed by admins at /admin/audit. Reading it is not itself audited. */
export function auditRoutes(deps: { db: DbHandle; now: () => Date }): FastifyPluginAsync {
  return async (app) => {
    route(app, browseAuditEndpoint, async (request) =>
      browseAudit(deps, request.context, request.query),
    );
    route(app, exportAuditEndpoint, async (request, reply) =>
      sendCsvFile(reply, await exportAuditCsv(deps, request.context, request.query)),
    );
  };
}
