import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  getPatientTextsEndpoint,
  receiveKannelReportEndpoint,
  receiveKannelTextEndpoint,
  receiveTwilioReportEndpoint,
  receiveTwilioTextEndpoint,
  sendPatientTextEndpoint,
  updatePatientTextPreferenceEndpoint,
} from '@contracts/text-messages';
import type { AppDeps } from '../../app-deps';
import { route } from '../../core/route';
import { forbidden } from '../../errors';
import { receiveText } from './inbound-texts';
import { kannelReportStatus } from './kannel-gateway';
import { getPatientTexts, sendPatientText, updateTextPreference } from './patient-texts';
import { textEndpointUrl } from './text-gateway';
import * as repo from './texts.repository';
import { isTwilioSigned, twilioReportStatus } from './twilio-gateway';

const NOT_THE_GATEWAY =
  'This request does not come from the text gateway: its secret or signature does not match.';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

const sameSecret = (expected: string | undefined, given: string) => {
  if (!expected) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The gateways' endpoints (ADR 050): each authenticates the gateway before it reads anything,
 * so that a forged reply or report changes nothing, and each is rate-limited per address in the
 * database, for all instances together (ADR 032), like the app's other public endpoints.
 */
export function textMessagesRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    const { config } = deps;
    const limited = {
      rateLimit: { max: config.TEXT_INBOUND_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
    };
    // Twilio posts forms; only these routes read them.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    route(
      app,
      receiveKannelTextEndpoint,
      async (request) => {
        const { secret, from, to, text, id } = request.query;
        if (!sameSecret(config.KANNEL_INBOUND_SECRET, secret)) throw forbidden(NOT_THE_GATEWAY);
        const done = await receiveText(deps, {
          gateway: 'kannel',
          from,
          to: to ?? null,
          body: text,
          messageId: id ?? null,
          ip: request.ip,
        });
        request.log.info({ done }, 'text received');
        return { received: true };
      },
      limited,
    );

    route(
      app,
      receiveKannelReportEndpoint,
      async (request) => {
        const { secret, id, status } = request.query;
        if (!sameSecret(config.KANNEL_INBOUND_SECRET, secret)) throw forbidden(NOT_THE_GATEWAY);
        const delivery = kannelReportStatus(status);
        if (delivery) await repo.recordKannelReport(deps.db.db, id, delivery, deps.now());
        return { received: true };
      },
      limited,
    );

    /** Twilio signs the URL it was given: ours under PUBLIC_URL, with its query. */
    const signed = (url: string, params: Record<string, string>, signature?: string) =>
      isTwilioSigned(config.TWILIO_AUTH_TOKEN, textEndpointUrl(config, url), params, signature);

    route(
      app,
      receiveTwilioTextEndpoint,
      async (request, reply) => {
        const form = request.body;
        if (!signed(request.url, form, request.headers['x-twilio-signature'])) {
          throw forbidden(NOT_THE_GATEWAY);
        }
        const done = await receiveText(deps, {
          gateway: 'twilio',
          from: form.From ?? '',
          to: form.To ?? null,
          body: form.Body ?? '',
          messageId: form.MessageSid ?? form.SmsSid ?? null,
          ip: request.ip,
        });
        request.log.info({ done }, 'text received');
        // Twilio reads the answer as instructions: empty ones, since answers go through the outbox.
        return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
      },
      limited,
    );

    route(
      app,
      receiveTwilioReportEndpoint,
      async (request) => {
        const form = request.body;
        if (!signed(request.url, form, request.headers['x-twilio-signature'])) {
          throw forbidden(NOT_THE_GATEWAY);
        }
        const delivery = twilioReportStatus(form.MessageStatus ?? '');
        const sid = form.MessageSid ?? form.SmsSid;
        if (delivery && sid) {
          await repo.recordDeliveryReport(
            deps.db.db,
            'twilio',
            sid,
            delivery,
            deps.now(),
            form.ErrorCode ? `The carrier reported error ${form.ErrorCode}.` : null,
          );
        }
        return { received: true };
      },
      limited,
    );

    route(app, getPatientTextsEndpoint, async (request) =>
      getPatientTexts(deps, request.context, request.params.id),
    );
    route(app, sendPatientTextEndpoint, async (request, reply) =>
      reply
        .status(201)
        .send(await sendPatientText(deps, request.context, request.params.id, request.body)),
    );
    route(app, updatePatientTextPreferenceEndpoint, async (request) =>
      updateTextPreference(deps, request.context, request.params.id, request.body),
    );
  };
}
