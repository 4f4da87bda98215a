import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateClinicBody } from '@contracts/clinic-policy';
import { createClinicRoute } from '@contracts/routes/clinic-policy';
import { callEndpoint } from '@web/lib/endpoint-client';
import { clinicKeys, sessionKeys } from '@web/queries/query-keys';

/** Adds a clinic; the admin is its member at once, so their clinics and session are read again. */
export function useCreateClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClinicBody) =>
      callEndpoint(createClinicRoute, { body, fallback: 'Failed to add the clinic' }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clinicKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.current }),
      ]);
    },
  });
}
