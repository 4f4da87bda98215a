// The zod-free part of each series contract: enough for the web app to call it without
// loading the schemas. The contract in ../series.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const seriesPaths = {
  create: '/api/appointments/series',
  one: '/api/appointments/series/:id',
  ofAppointment: '/api/appointments/:id/series',
} as const;

export const createSeriesRoute = defineRoute({
  method: 'POST',
  path: seriesPaths.create,
  operationId: 'createAppointmentSeries',
});

export const getSeriesRoute = defineRoute({
  method: 'GET',
  path: seriesPaths.one,
  operationId: 'getAppointmentSeries',
});

export const getSeriesOfAppointmentRoute = defineRoute({
  method: 'GET',
  path: seriesPaths.ofAppointment,
  operationId: 'getSeriesOfAppointment',
});
