// The dashboard module's public entry (eslint.config.js keeps other modules to it).
export { dashboardRoutes } from './dashboard.routes';
