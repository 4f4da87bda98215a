// A Twilio-compatible REST API (ADR 050): Twilio's Messages resource, its status callbacks, and
// the X-Twilio-Signature it signs every request to us with.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { textPaths } from '@contracts/routes/text-messages';
import { textEndpointUrl, type TextGateway } from './text-gateway';

export function twilioGateway(config: Config): TextGateway {
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) {
    throw new Error('TEXT_GATEWAY=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
  }
  const sid = config.TWILIO_ACCOUNT_SID;
  const endpoint = `${config.TWILIO_API_URL.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sid}:${config.TWILIO_AUTH_TOKEN}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(text) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          To: text.to,
          From: text.from,
          Body: text.body,
          StatusCallback: textEndpointUrl(config, textPaths.twilioStatus),
        }).toString(),
        signal: AbortSignal.timeout(config.WEBHOOK_TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        sid?: string;
        message?: string;
        code?: number;
      };
      if (!response.ok || !answer.sid) {
        throw new Error(
          `The text API refused the text (${response.status}${answer.code ? `, code ${answer.code}` : ''}): ${answer.message ?? 'no reason given'}`,
        );
      }
      return { gatewayId: answer.sid };
    },
  };
}

/**
 * Twilio's signature of a request: HMAC-SHA1 under the auth token of the full URL it called,
 * followed by each POST parameter's name and value, sorted by name; base64.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Readonly<Record<string, string>>,
): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isTwilioSigned(
  authToken: string,
  url: string,
  params: Readonly<Record<string, string>>,
  signature: string | undefined,
): boolean {
  if (!authToken || !signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Twilio's message statuses as our delivery statuses; null for one we do not record. */
export function twilioReportStatus(status: string): 'sent' | 'delivered' | 'failed' | null {
  switch (status) {
    case 'queued':
    case 'accepted':
    case 'sending':
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
    case 'failed':
      return 'failed';
    default:
      return null;
  }
}
