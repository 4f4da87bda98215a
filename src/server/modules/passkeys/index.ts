// The passkeys module's public entry (ADR 049): its routes. Its tables are its own business.
export { passkeysRoutes } from './passkeys.routes';
