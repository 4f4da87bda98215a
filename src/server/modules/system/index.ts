// The system module's public entry (eslint.config.js keeps other modules to it).
export { systemRoutes } from './system.routes';
