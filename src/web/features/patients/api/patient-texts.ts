import type { SendPatientTextBody, UpdateTextPreferenceBody } from '@contracts/text-messages';
import {
  getPatientTextsRoute,
  sendPatientTextRoute,
  updatePatientTextPreferenceRoute,
} from '@contracts/routes/text-messages';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { outboxKeys, patientKeys } from '@web/queries/query-keys';

/** A patient's text preference and consent, the texts sent them and their replies (ADR 050). */
export function patientTextsQueryOptions(id: string) {
  return endpointQuery(patientKeys.texts(id), getPatientTextsRoute, {
    params: { id },
    fallback: 'Failed to load the patient’s texts',
  });
}

export function useUpdateTextPreference(id: string) {
  return useWriteThenRefresh(
    (body: UpdateTextPreferenceBody) =>
      callEndpoint(updatePatientTextPreferenceRoute, {
        params: { id },
        body,
        fallback: 'Failed to save how the patient gets messages',
      }),
    [patientKeys.all],
  );
}

/** Staff's own text to the patient, through the text outbox (ADR 050). */
export function useSendPatientText(id: string) {
  return useWriteThenRefresh(
    (body: SendPatientTextBody) =>
      callEndpoint(sendPatientTextRoute, {
        params: { id },
        body,
        fallback: 'Failed to send the text',
      }),
    // The record's Messages card lists it too.
    [patientKeys.all, outboxKeys.all],
  );
}
