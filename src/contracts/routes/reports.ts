// The zod-free part of each reports contract: enough for the web app to call it without loading
// the schemas. The contracts in ../reports.ts spread their routes, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const reportPaths = {
  report: '/api/reports',
  export: '/api/reports/export',
} as const;

export const getReportRoute = defineRoute({
  method: 'GET',
  path: reportPaths.report,
  operationId: 'getReport',
});

export const exportReportRoute = defineRoute({
  method: 'GET',
  path: reportPaths.export,
  operationId: 'exportReport',
});
