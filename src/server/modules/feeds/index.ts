// The feeds module's public entry: staff members' private calendar feeds, their settings and the
// public /ical route calendar apps subscribe to.
export { feedsRoutes } from './feeds.routes';
