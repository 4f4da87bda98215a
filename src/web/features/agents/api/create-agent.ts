import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createAgentEndpoint, type CreateAgentBody } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';
import { staffQueryKey } from '@web/queries/staff';

export function createAgent(body: CreateAgentBody) {
  return callEndpoint(createAgentEndpoint, { body, fallback: 'Failed to create staff member' });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
