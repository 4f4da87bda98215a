import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAgentEndpoint, type UpdateAgentBody } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';
import { staffQueryKey } from '@web/queries/staff';

export function updateAgent({ id, body }: { id: string; body: UpdateAgentBody }) {
  return callEndpoint(updateAgentEndpoint, {
    params: { id },
    body,
    fallback: 'Failed to save changes',
  });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
