// The resources module's public entry (issue 42, ADR 045): the routes clinics manage their rooms
// and equipment by, and the check of what a service needs of them.
export { resourcesRoutes } from './resources.routes';
export { checkServiceNeed, type ServiceNeedColumns } from './service-need';
