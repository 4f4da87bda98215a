// The appointments module's public entry: its routes, and the list's counts for the dashboard.
export { appointmentsRoutes } from './appointments.routes';
export { countInScope } from './appointment-queries';
