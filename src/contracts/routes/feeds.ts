// The zod-free part of each feeds contract: enough for the web app to call it without
// loading the schemas. The contract in ../feeds.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const feedPaths = {
  mine: '/api/auth/calendar-feed',
  all: '/api/admin/calendar-feeds',
  one: '/api/admin/calendar-feeds/:userId',
  clinicSettings: '/api/admin/clinics/:slug/calendar-feed',
  /** The feed itself, outside the JSON API: calendar apps fetch it without a session. */
  feed: '/ical/:file',
} as const;

export const getMyCalendarFeedRoute = defineRoute({
  method: 'GET',
  path: feedPaths.mine,
  operationId: 'getMyCalendarFeed',
});

export const createMyCalendarFeedRoute = defineRoute({
  method: 'POST',
  path: feedPaths.mine,
  operationId: 'createMyCalendarFeed',
});

export const revokeMyCalendarFeedRoute = defineRoute({
  method: 'DELETE',
  path: feedPaths.mine,
  operationId: 'revokeMyCalendarFeed',
});

export const listCalendarFeedsRoute = defineRoute({
  method: 'GET',
  path: feedPaths.all,
  operationId: 'listCalendarFeeds',
});

export const revokeCalendarFeedRoute = defineRoute({
  method: 'DELETE',
  path: feedPaths.one,
  operationId: 'revokeCalendarFeed',
});

export const getClinicFeedSettingsRoute = defineRoute({
  method: 'GET',
  path: feedPaths.clinicSettings,
  operationId: 'getClinicFeedSettings',
});

export const updateClinicFeedSettingsRoute = defineRoute({
  method: 'PUT',
  path: feedPaths.clinicSettings,
  operationId: 'updateClinicFeedSettings',
});
