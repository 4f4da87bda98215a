import type { ClinicPolicy } from '@contracts/clinic-policy';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import {
  getClinicPolicyRoute,
  getMailPreviewsRoute,
  updateClinicPolicyRoute,
} from '@contracts/routes/clinic-policy';
import type { PatientLanguage } from '@domain/patients';
import { clinicPolicyKeys, outboxKeys } from '@web/queries/query-keys';

export function clinicPolicyQueryOptions(slug: string) {
  return endpointQuery(clinicPolicyKeys.one(slug), getClinicPolicyRoute, {
    params: { slug },
    fallback: 'Failed to load the clinic’s settings',
  });
}

export function useUpdateClinicPolicy(slug: string) {
  return useWriteThenRefresh(
    (policy: ClinicPolicy) =>
      callEndpoint(updateClinicPolicyRoute, {
        params: { slug },
        body: policy,
        fallback: 'Failed to save the clinic’s settings',
      }),
    (queryClient, saved) => {
      queryClient.setQueryData(clinicPolicyKeys.one(slug), {
        clinic: saved.clinic,
        policy: saved.policy,
      });
      // Reminders were planned again: the outbox page shows them.
      void queryClient.invalidateQueries({ queryKey: outboxKeys.all });
      // The e-mails are signed with the clinic's phone, which the policy carries.
      void queryClient.invalidateQueries({ queryKey: clinicPolicyKeys.mailPreviewsOf(slug) });
    },
  );
}

/** The clinic's patient e-mails in one language, as the mail worker writes them (issue 44). */
export function mailPreviewsQueryOptions(slug: string, language: PatientLanguage) {
  return endpointQuery(clinicPolicyKeys.mailPreviews(slug, language), getMailPreviewsRoute, {
    params: { slug },
    query: { language },
    fallback: 'Failed to load the e-mail previews',
  });
}
