import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  feedOptionsOf,
  createMyCalendarFeedEndpoint,
  getClinicFeedSettingsEndpoint,
  getMyCalendarFeedEndpoint,
  listCalendarFeedsEndpoint,
  revokeCalendarFeedEndpoint,
  revokeMyCalendarFeedEndpoint,
  updateClinicFeedSettingsEndpoint,
} from '@contracts/feeds';
import { feedPaths } from '@contracts/routes/feeds';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import * as feeds from './feeds.service';

/** Whether the client's copy (by ETag first, else by date, as RFC 9110 orders them) is current. */
export function isNotModified(
  request: FastifyRequest,
  feed: { etag: string; lastModified: Date },
): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === feed.etag);
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && feed.lastModified.getTime() <= since;
}

export function feedsRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, getMyCalendarFeedEndpoint, async (request) =>
      feeds.getMyFeed(deps, request.context),
    );
    route(app, createMyCalendarFeedEndpoint, async (request, reply) =>
      reply.status(201).send(await feeds.createMyFeed(deps, request.context)),
    );
    route(app, revokeMyCalendarFeedEndpoint, async (request) =>
      feeds.revokeMyFeed(deps, request.context),
    );
    route(app, listCalendarFeedsEndpoint, async (request) =>
      feeds.listFeeds(deps, request.context),
    );
    route(app, revokeCalendarFeedEndpoint, async (request) =>
      feeds.revokeFeed(deps, request.context, request.params.userId),
    );
    route(app, getClinicFeedSettingsEndpoint, async (request) =>
      feeds.getClinicFeedSettings(deps, request.context, request.params.slug),
    );
    route(app, updateClinicFeedSettingsEndpoint, async (request) =>
      feeds.updateClinicFeedSettings(deps, request.context, request.params.slug, request.body),
    );

    // The feed itself: calendar apps fetch it with the secret alone. Rate-limited per address;
    // an unknown, rotated or revoked secret and a malformed name all get the same bare 404.
    app.route({
      method: 'GET',
      url: feedPaths.feed,
      schema: { hide: true },
      config: {
        rateLimit: { max: deps.config.FEED_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const file = (request.params as { file?: string }).file ?? '';
        const feed = file.endsWith('.ics')
          ? await feeds.renderFeed(
              deps,
              file.slice(0, -'.ics'.length),
              feedOptionsOf(request.query),
            )
          : undefined;
        void reply.header('cache-control', 'private, no-cache');
        if (!feed) return reply.status(404).send({ error: 'not_found', message: 'Not found.' });
        void reply
          .header('etag', feed.etag)
          .header('last-modified', feed.lastModified.toUTCString())
          .header('x-robots-tag', 'noindex');
        if (isNotModified(request, feed)) return reply.status(304).send();
        return reply.type('text/calendar; charset=utf-8').send(feed.body);
      },
    });
  };
}
