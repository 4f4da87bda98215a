import type { FastifyPluginAsync } from 'fastify';
import { exportReportEndpoint, getReportEndpoint } from '@contracts/reports';
import type { AppDeps } from '../../app-deps';
import { sendCsvFile } from '../../core/csv-file';
import { sendJsonText } from '../../core/json-text';
import { route } from '../../core/route';
import { exportReportCsv } from './export-report';
import { getReport } from './reports.service';

export function reportsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // Sent as JSON text (core/json-text.ts): a network's year is thousands of figures, which the
    // contract's serializer spent most of the request checking again; a test parses the answer
    // with the contract.
    route(app, getReportEndpoint, async (request, reply) =>
      sendJsonText(reply, await getReport(deps, request.context, request.query)),
    );
    route(app, exportReportEndpoint, async (request, reply) =>
      sendCsvFile(reply, await exportReportCsv(deps, request.context, request.query)),
    );
  };
}
