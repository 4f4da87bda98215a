// The zod-free part of each text-message contract (ADR 050).
import { defineRoute } from '../endpoint';

export const textPaths = {
  kannelInbound: '/api/text-messages/kannel/inbound',
  kannelStatus: '/api/text-messages/kannel/status',
  twilioInbound: '/api/text-messages/twilio/inbound',
  twilioStatus: '/api/text-messages/twilio/status',
  patientTexts: '/api/patients/:id/texts',
  patientTextPreference: '/api/patients/:id/text-preference',
} as const;

export const kannelInboundRoute = defineRoute({
  method: 'GET',
  path: textPaths.kannelInbound,
  operationId: 'receiveKannelText',
});

export const kannelStatusRoute = defineRoute({
  method: 'GET',
  path: textPaths.kannelStatus,
  operationId: 'receiveKannelReport',
});

export const twilioInboundRoute = defineRoute({
  method: 'POST',
  path: textPaths.twilioInbound,
  operationId: 'receiveTwilioText',
});

export const twilioStatusRoute = defineRoute({
  method: 'POST',
  path: textPaths.twilioStatus,
  operationId: 'receiveTwilioReport',
});

export const getPatientTextsRoute = defineRoute({
  method: 'GET',
  path: textPaths.patientTexts,
  operationId: 'getPatientTexts',
});

export const updatePatientTextPreferenceRoute = defineRoute({
  method: 'PUT',
  path: textPaths.patientTextPreference,
  operationId: 'updatePatientTextPreference',
});

export const sendPatientTextRoute = defineRoute({
  method: 'POST',
  path: textPaths.patientTexts,
  operationId: 'sendPatientText',
});
