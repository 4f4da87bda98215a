// The services module's public entry (issue 42): the routes clinics manage their services by.
export { servicesRoutes } from './services.routes';
