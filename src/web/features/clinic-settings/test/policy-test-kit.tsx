import type { ComponentType } from 'react';
import { afterEach, beforeEach, type Mock } from 'vitest';
import type { ClinicPolicyView } from '@contracts/clinic-policy';
import { json, stubApi, type ApiHandler } from '@web/test/api-stub';
import { cleanUpAfterEach, renderWithClient } from '@web/test/render-with-client';

// What the clinic policy forms' tests share: a clinic's policy as the server answers it and a
// stub of the policy endpoint.

export const CURRENT_POLICY: ClinicPolicyView = {
  clinic: { id: 'c1', slug: 'riverside', name: 'Riverside', timezone: 'America/New_York' },
  policy: {
    reminders: { offsetsMinutes: [1440, 120] },
    selfService: {
      allowReschedule: true,
      allowCancel: true,
      cutoffHours: 24,
      maxReschedules: 2,
      phone: null,
    },
    waitlist: { offersAtOnce: 1, holdMinutes: 120 },
    onlineBooking: {
      enabled: false,
      agentIds: [],
      durations: [30],
      minNoticeHours: 12,
      horizonDays: 60,
      intro: null,
      allowNewPatients: true,
    },
    patientRecords: { editorRoles: ['staff'] },
  },
};

/**
 * Stands in for `PUT /api/admin/clinics/:slug/policy`: records each body sent (in the returned
 * array) and answers the whole policy, the parts sent over the ones kept, as the server does.
 * With `reads`, that answers every other request (a form that loads what it offers).
 */
export function stubPolicyServer<Body extends object>(
  current: ClinicPolicyView = CURRENT_POLICY,
  rescheduledAppointments = 0,
  reads?: ApiHandler,
  sent: Body[] = [],
): Body[] {
  stubApi((request) => {
    if (reads && request.method !== 'PUT') return reads(request);
    const { body } = request;
    sent.push(body as Body);
    return json({
      clinic: current.clinic,
      policy: { ...current.policy, ...(body as Body) },
      rescheduledAppointments,
    });
  });
  return sent;
}

/**
 * One policy form's tests: before each, a fresh policy server (its bodies in `sent`, emptied
 * between tests); after each, the form unmounted and the toasts forgotten. `renderForm` shows the form on CURRENT_POLICY.
 */
export function setUpPolicyForm<Body extends object>(
  Form: ComponentType<{ slug: string; current: ClinicPolicyView }>,
  server: {
    rescheduledAppointments?: number;
    reads?: ApiHandler;
    /** The test file's stand-in for sonner's toast, forgotten after each test. */
    toast?: { success: Mock };
  } = {},
) {
  const sent: Body[] = [];
  beforeEach(() => {
    sent.length = 0;
    stubPolicyServer(CURRENT_POLICY, server.rescheduledAppointments, server.reads, sent);
  });
  cleanUpAfterEach();
  afterEach(() => {
    server.toast?.success.mockReset();
  });
  return {
    sent,
    renderForm: () => renderWithClient(<Form slug="riverside" current={CURRENT_POLICY} />),
  };
}
