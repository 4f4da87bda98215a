// Kannel's HTTP sendsms (smsbox), with a dlr-url for its delivery reports (ADR 050).
import { textLengthOf } from '@domain/text-messages';
import type { Config } from '../../config';
import { textPaths } from '@contracts/routes/text-messages';
import { textEndpointUrl, type TextGateway } from './text-gateway';

/** Every report Kannel has: delivered, failed, buffered, taken by the SMSC, refused by it. */
const DLR_MASK = 1 | 2 | 4 | 8 | 16;

export function kannelGateway(config: Config): TextGateway {
  if (!config.KANNEL_SENDSMS_URL) {
    throw new Error('TEXT_GATEWAY=kannel needs KANNEL_SENDSMS_URL');
  }
  const sendsms = config.KANNEL_SENDSMS_URL;
  return {
    name: 'kannel',
    async send(text) {
      const dlr = new URL(textEndpointUrl(config, textPaths.kannelStatus));
      dlr.searchParams.set('secret', config.KANNEL_INBOUND_SECRET ?? '');
      dlr.searchParams.set('id', String(text.id));
      // Kannel puts the report's type where %d stands; URLSearchParams would escape it.
      const dlrUrl = `${dlr.toString()}&status=%d`;
      const url = new URL(sendsms);
      const ucs2 = textLengthOf(text.body).encoding === 'UCS-2';
      const params = {
        username: config.KANNEL_USERNAME,
        password: config.KANNEL_PASSWORD,
        from: text.from,
        to: text.to,
        text: text.body,
        charset: 'UTF-8',
        // 0: GSM-7, 2: UCS-2. Kannel splits a long text into parts itself.
        coding: ucs2 ? '2' : '0',
        'dlr-mask': String(DLR_MASK),
        'dlr-url': dlrUrl,
      };
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      const response = await fetch(url, { signal: AbortSignal.timeout(config.WEBHOOK_TIMEOUT_MS) });
      const answer = (await response.text()).trim();
      // "0: Accepted for delivery" (202) or "3: Queued for later delivery" (202); else refused.
      if (response.status !== 202 && response.status !== 200) {
        throw new Error(`Kannel refused the text (${response.status}): ${answer.slice(0, 200)}`);
      }
      return { gatewayId: String(text.id) };
    },
  };
}

/** Kannel's report types (its %d) as our delivery statuses; null for one we do not record. */
export function kannelReportStatus(type: number): 'sent' | 'delivered' | 'failed' | null {
  if (type & 1) return 'delivered';
  if (type & 2 || type & 16) return 'failed';
  if (type & 4 || type & 8) return 'sent';
  return null;
}
