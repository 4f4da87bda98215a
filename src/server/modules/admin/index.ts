// The admin module's public entry (eslint.config.js keeps other modules to it).
export { adminRoutes } from './admin.routes';
