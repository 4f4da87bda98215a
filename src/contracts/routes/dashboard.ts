// The zod-free part of each dashboard contract: enough for the web app to call it without
// loading the schemas. The contract in ../dashboard.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const dashboardPaths = { dashboard: '/api/dashboard' } as const;

export const getDashboardRoute = defineRoute({
  method: 'GET',
  path: dashboardPaths.dashboard,
  operationId: 'getDashboard',
});
