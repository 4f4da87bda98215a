// The seam between the texts' worker and whatever carries them (ADR 050): Kannel's HTTP
// sendsms or a Twilio-compatible REST API, chosen by TEXT_GATEWAY.
import type { Config } from '../../config';
import { kannelGateway } from './kannel-gateway';
import { twilioGateway } from './twilio-gateway';

export interface OutgoingText {
  /** Our outbox id: Kannel's delivery reports name it. */
  id: number;
  to: string;
  from: string;
  body: string;
}

export interface TextGateway {
  readonly name: 'kannel' | 'twilio';
  /** Hands the text over; answers the gateway's id for it. Throws when it was not taken. */
  send(text: OutgoingText): Promise<{ gatewayId: string }>;
}

/** The gateway the configuration names, or null: texts then wait in the outbox. */
export function textGatewayOf(config: Config): TextGateway | null {
  switch (config.TEXT_GATEWAY) {
    case 'kannel':
      return kannelGateway(config);
    case 'twilio':
      return twilioGateway(config);
    case 'none':
      return null;
  }
}

/** Where our endpoints are, as gateways are told to call them. */
export const textEndpointUrl = (config: Config, path: string) =>
  `${config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
