// The reports module's public entry (eslint.config.js keeps other modules to it).
export { readsAnyReports } from './report-access';
export { reportsRoutes } from './reports.routes';
