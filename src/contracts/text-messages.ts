// Text messages (ADR 050): the gateways' inbound endpoints, and the patient record's texts.
import { z } from 'zod';
import { TEXT_CONSENT_METHODS, TEXT_DELIVERY_STATUSES, TEXT_KINDS } from '@domain/text-messages';
import { idParams, safeText } from './common';
import { defineEndpoint } from './endpoint';
import {
  getPatientTextsRoute,
  kannelInboundRoute,
  kannelStatusRoute,
  twilioInboundRoute,
  twilioStatusRoute,
  sendPatientTextRoute,
  updatePatientTextPreferenceRoute,
} from './routes/text-messages';

const forGateways = { tag: 'Text messages', access: 'public' } as const;
const forStaff = {
  tag: 'Text messages',
  access: 'authenticated',
} as const;

/** What a gateway is answered: it has our reply; nothing is texted back in the answer itself. */
export const gatewayReceipt = z.object({ received: z.boolean() });

const gatewayText = (max: number) => z.string().max(max);

/** Kannel's get-url: `secret=…&from=%p&to=%P&text=%a&id=%I`. */
export const kannelInboundQuery = z.object({
  secret: gatewayText(200),
  from: gatewayText(40),
  to: gatewayText(40).optional(),
  text: gatewayText(2000).default(''),
  id: gatewayText(100).optional(),
});

/** Kannel's dlr-url: our id and its report type (%d). */
export const kannelStatusQuery = z.object({
  secret: gatewayText(200),
  id: z.coerce.number().int().positive(),
  status: z.coerce.number().int().min(0),
});

/** Twilio's form fields; every one it sends is kept, as its signature covers them all. */
export const twilioForm = z.record(z.string().max(100), z.string().max(4000));
export const twilioHeaders = z.object({ 'x-twilio-signature': z.string().max(200).optional() });

export const receiveKannelTextEndpoint = defineEndpoint({
  ...forGateways,
  ...kannelInboundRoute,
  summary: 'A text a patient sent, from Kannel’s sms-service get-url',
  description:
    'Authenticated by the shared secret KANNEL_INBOUND_SECRET in `secret`; a wrong one is a 403 and changes nothing.',
  query: kannelInboundQuery,
  responses: { 200: gatewayReceipt },
  errors: [429],
});

export const receiveKannelReportEndpoint = defineEndpoint({
  ...forGateways,
  ...kannelStatusRoute,
  summary: 'A delivery report from Kannel’s dlr-url',
  query: kannelStatusQuery,
  responses: { 200: gatewayReceipt },
  errors: [429],
});

export const receiveTwilioTextEndpoint = defineEndpoint({
  ...forGateways,
  ...twilioInboundRoute,
  summary: 'A text a patient sent, from a Twilio-compatible API’s messaging webhook',
  description:
    'Authenticated by X-Twilio-Signature over PUBLIC_URL and this path; an unsigned or forged request is a 403 and changes nothing. Answered with an empty TwiML document: any answer to the patient goes through the outbox.',
  body: twilioForm,
  headers: twilioHeaders,
  responses: {
    200: z
      .string()
      .describe('TwiML (text/xml): an empty <Response/>, so Twilio sends nothing itself.'),
  },
  errors: [429],
});

export const receiveTwilioReportEndpoint = defineEndpoint({
  ...forGateways,
  ...twilioStatusRoute,
  summary: 'A delivery report from a Twilio-compatible API’s status callback',
  body: twilioForm,
  headers: twilioHeaders,
  responses: { 200: gatewayReceipt },
  errors: [429],
});

export const textConsentMethod = z.enum(TEXT_CONSENT_METHODS);

export const textPreference = z.object({
  channel: z.enum(['email', 'sms']),
  kinds: z.array(z.enum(TEXT_KINDS)),
  /** The phone number texts go to, in E.164; null when the record's number is not valid. */
  number: z.string().nullable(),
  consent: z
    .object({ at: z.string(), method: textConsentMethod, by: z.string().nullable() })
    .nullable(),
  /** The number said STOP to this clinic's texts. */
  stopped: z.boolean(),
});
export type TextPreference = z.infer<typeof textPreference>;

export const updateTextPreferenceBody = z
  .object({
    channel: z.enum(['email', 'sms']),
    kinds: z
      .array(z.enum(TEXT_KINDS))
      .max(TEXT_KINDS.length)
      .default([...TEXT_KINDS]),
    /** How the patient agreed to texts; needed to choose texts, unless a consent stands. */
    consentMethod: textConsentMethod.optional(),
    /** Withdraws a consent given before. */
    withdrawConsent: z.boolean().default(false),
    /** A new phone number for the record, checked like the one there. */
    phone: safeText(40).optional(),
  })
  .strict();
export type UpdateTextPreferenceBody = z.input<typeof updateTextPreferenceBody>;

export const patientText = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  body: z.string().nullable(),
  status: z.string(),
  deliveryStatus: z.enum(TEXT_DELIVERY_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type PatientText = z.infer<typeof patientText>;

export const patientTextReply = z.object({
  id: z.number(),
  from: z.string(),
  body: z.string(),
  action: z.enum(['confirm', 'link', 'stop', 'start', 'help', 'inbox']),
  outcome: z.string().nullable(),
  receivedAt: z.string(),
});
export type PatientTextReply = z.infer<typeof patientTextReply>;

export const patientTexts = z.object({
  preference: textPreference,
  texts: z.array(patientText),
  replies: z.array(patientTextReply),
});
export type PatientTexts = z.infer<typeof patientTexts>;

export const getPatientTextsEndpoint = defineEndpoint({
  ...forStaff,
  ...getPatientTextsRoute,
  summary: 'A patient’s text preference and consent, the texts sent them, and their replies',
  params: idParams,
  responses: { 200: patientTexts },
  errors: [404],
});

export const updatePatientTextPreferenceEndpoint = defineEndpoint({
  ...forStaff,
  ...updatePatientTextPreferenceRoute,
  summary: 'Choose e-mail or texts for a patient, and record their consent to texts',
  description:
    'Texts need a consent (when, how, and who recorded it are kept) and a phone number valid in the clinic’s country; an invalid number is a 422 that says so.',
  params: idParams,
  body: updateTextPreferenceBody,
  responses: { 200: textPreference },
  errors: [404, 422],
});

/** Staff's own words to a patient by text: short, as a text is. */
export const MAX_STAFF_TEXT_LENGTH = 480;
export const sendPatientTextBody = z
  .object({
    text: safeText(MAX_STAFF_TEXT_LENGTH).pipe(z.string().min(1, 'must not be empty')),
  })
  .strict();
export type SendPatientTextBody = z.input<typeof sendPatientTextBody>;

export const sendPatientTextEndpoint = defineEndpoint({
  ...forStaff,
  ...sendPatientTextRoute,
  summary: 'Answer a patient by text, from their record',
  description:
    'Goes through the text outbox like every text: never to a number that said STOP (a 409 that says so), during the clinic’s quiet hours only as an answer to a reply the patient sent within the last hour, else when they end. Needs a valid number and either the patient’s consent to texts or a reply from them (a 422 that says so).',
  params: idParams,
  body: sendPatientTextBody,
  responses: { 201: patientText },
  errors: [404, 409, 422],
});
