import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  APPOINTMENT_SOURCE,
  type Appointment,
  type CreateAppointmentBody,
} from '@contracts/appointments';
import { INITIAL_APPOINTMENT_STATUS } from '@domain/appointment-status';
import { APPOINTMENT_METADATA_TYPE } from '@domain/constants';
import type { TimeSlot } from '@domain/slots';
import { callEndpoint } from '@web/lib/endpoint-client';
import { refreshAppointmentData } from '@web/queries/query-keys';
import { createAppointmentRoute } from '@contracts/routes/appointments';

export type { Appointment };

/** What the create wizard has gathered when the user presses Create Appointment. */
export interface CreateAppointmentInput {
  clinic: string;
  patientId: string;
  patientName: string;
  patientEmail: string;
  patientPhone: string;
  notes: string;
  slot: TimeSlot;
  duration: number;
  /** The service booked (issue 42); absent: the clinic's default, as the spec's body books. */
  serviceId?: string;
  /** Staff chose "Book anyway" over the provider's outside calendar (ADR 053). */
  overrideOutsideBusy?: boolean;
}

/** Spec §7 "Create": the request body, from the wizard's form and the chosen slot. */
export function buildCreateAppointmentBody(input: CreateAppointmentInput): CreateAppointmentBody {
  const { slot } = input;
  return {
    date: new Date(slot.startTime).toISOString(),
    startTime: slot.startTime,
    endTime: slot.endTime,
    staff: { id: slot.agentId, name: slot.agentName, email: slot.agentEmail },
    patient: {
      id: input.patientId,
      name: input.patientName,
      email: input.patientEmail,
      phone: input.patientPhone || null,
      clinic: input.clinic,
    },
    duration: input.duration,
    ...(input.serviceId ? { serviceId: input.serviceId } : {}),
    // A room staff chose (ADR 045); none chosen: the booking gives the first free one.
    ...(slot.resourceId ? { resourceId: slot.resourceId } : {}),
    ...(input.overrideOutsideBusy ? { overrideOutsideBusy: true } : {}),
    metadata: {
      source: APPOINTMENT_SOURCE,
      type: APPOINTMENT_METADATA_TYPE,
      notes: input.notes.trim(),
      status: INITIAL_APPOINTMENT_STATUS,
    },
  };
}

/**
 * POST /api/appointments. The Idempotency-Key is made once per wizard opening, so a retry
 * after a lost answer returns the first booking instead of making a second one.
 */
export function createAppointment(
  body: CreateAppointmentBody,
  idempotencyKey: string,
): Promise<Appointment> {
  return callEndpoint(createAppointmentRoute, {
    body,
    headers: { 'idempotency-key': idempotencyKey },
    fallback: 'Failed to create appointment',
  });
}

/** A fresh key per wizard opening; also where `crypto.randomUUID` is missing (plain-HTTP hosts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The callbacks are the mutation's own, not `mutate`'s: they still run if the dialog was closed
 * while the request was on its way, so a booking is never made silently.
 */
export function useCreateAppointment(
  idempotencyKey: string,
  callbacks: {
    onSuccess?: (appointment: Appointment) => void;
    onError?: (error: Error) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAppointmentInput) =>
      createAppointment(buildCreateAppointmentBody(input), idempotencyKey),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    // A failure refreshes too: after a 409 the picker must stop offering the time someone else
    // just took. Not awaited, so the dialog need not wait for every list to reload.
    onSettled: () => {
      void refreshAppointmentData(queryClient);
    },
  });
}
