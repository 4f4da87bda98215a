import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAgentBody } from '@contracts/admin';
import { callEndpoint } from '@web/lib/endpoint-client';
import { staffKeys } from '@web/queries/query-keys';
import { createAgentRoute } from '@contracts/routes/admin';

export function createAgent(body: CreateAgentBody) {
  return callEndpoint(createAgentRoute, { body, fallback: 'Failed to create staff member' });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
