import type { FastifyPluginAsync } from 'fastify';
import { exportReportEndpoint, getReportEndpoint } from '@contracts/reports';
import type { AppDeps } from '../../app-deps';
import { sendCsvFile } from '../../core/csv-file';
import { route } from '../../core/route';
import { exportReportCsv } from './export-report';
import { getReport } from './reports.service';

export function reportsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, getReportEndpoint, async (request) =>
      getReport(deps, request.context, request.query),
    );
    route(app, exportReportEndpoint, async (request, reply) =>
      sendCsvFile(reply, await exportReportCsv(deps, request.context, request.query)),
    );
  };
}
