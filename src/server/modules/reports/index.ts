// The reports module's public entry (eslint.config.js keeps other modules to it).
export { reportsRoutes } from './reports.routes';
