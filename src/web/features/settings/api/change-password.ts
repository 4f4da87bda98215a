import { useMutation } from '@tanstack/react-query';
import type { changePasswordEndpoint } from '@contracts/auth';
import type { EndpointInput } from '@contracts/endpoint';
import { callEndpoint } from '@web/lib/endpoint-client';
import { changePasswordRoute } from '@contracts/routes/auth';

export type ChangePasswordInput = EndpointInput<typeof changePasswordEndpoint>['body'];

/** The server ends every other session of the user; this one stays signed in. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordInput) =>
      callEndpoint(changePasswordRoute, { body, fallback: 'Failed to change your password' }),
  });
}
