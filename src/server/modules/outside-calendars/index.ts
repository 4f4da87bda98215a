// The outside-calendars module's public entry (issue 46, ADR 053, ADR 062): the routes where staff
// connect their other calendars, the worker that syncs them and the one that pushes appointments
// into them (the slot engine reads their busy times in the availability module).
export { outsideCalendarsRoutes } from './outside-calendars.routes';
export { createCalendarSyncWorker, type CalendarSyncWorker } from './sync-worker';
export { createCalendarPushWorker, type CalendarPushWorker } from './push-worker';
