import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { detailFreshness } from '@web/lib/query-client';
import {
  getOutboxMessageRoute,
  listAppointmentMessagesRoute,
  listPatientMessagesRoute,
  resendOutboxMessageRoute,
} from '@contracts/routes/outbox';
import { outboxKeys } from '@web/queries/query-keys';

// The outbox's messages as the Notifications page, a patient's record and an appointment show
// them (ADR 036): shared, since features do not import each other.

/**
 * One message as each recipient gets it. Each fetch is a read the server audits (the links carry
 * patients' tokens): a reopened message within the detail freshness is not fetched again.
 */
export function outboxMessageQueryOptions(id: number) {
  return endpointQuery(
    outboxKeys.message(id),
    getOutboxMessageRoute,
    { params: { id }, fallback: 'Failed to load the message' },
    detailFreshness,
  );
}

/** Every e-mail and text about a patient, as sent (issue 44); each fetch is an audited read. */
export function patientMessagesQueryOptions(id: string) {
  return endpointQuery(
    outboxKeys.ofPatient(id),
    listPatientMessagesRoute,
    { params: { id }, fallback: 'Failed to load the patient’s messages' },
    detailFreshness,
  );
}

/** Every e-mail and text about an appointment, as sent; each fetch is an audited read. */
export function appointmentMessagesQueryOptions(id: string) {
  return endpointQuery(
    outboxKeys.ofAppointment(id),
    listAppointmentMessagesRoute,
    { params: { id }, fallback: 'Failed to load the appointment’s messages' },
    detailFreshness,
  );
}

/** Queues a message again (admins): the outbox, the records and the appointments refresh. */
export function useResendMessage() {
  return useWriteThenRefresh(
    (id: number) =>
      callEndpoint(resendOutboxMessageRoute, {
        params: { id },
        fallback: 'Failed to resend the message',
      }),
    [outboxKeys.all],
  );
}
