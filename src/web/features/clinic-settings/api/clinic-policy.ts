import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClinicPolicy } from '@contracts/clinic-policy';
import { callEndpoint } from '@web/lib/endpoint-client';
import { getClinicPolicyRoute, updateClinicPolicyRoute } from '@contracts/routes/clinic-policy';
import { clinicPolicyKeys, outboxKeys } from '@web/queries/query-keys';

export function clinicPolicyQueryOptions(slug: string) {
  return queryOptions({
    queryKey: clinicPolicyKeys.one(slug),
    queryFn: ({ signal }) =>
      callEndpoint(getClinicPolicyRoute, {
        params: { slug },
        signal,
        fallback: 'Failed to load the clinic’s settings',
      }),
  });
}

export function useUpdateClinicPolicy(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: ClinicPolicy) =>
      callEndpoint(updateClinicPolicyRoute, {
        params: { slug },
        body: policy,
        fallback: 'Failed to save the clinic’s settings',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(clinicPolicyKeys.one(slug), {
        clinic: saved.clinic,
        policy: saved.policy,
      });
      // Reminders were planned again: the outbox page shows them.
      void queryClient.invalidateQueries({ queryKey: outboxKeys.all });
    },
  });
}
