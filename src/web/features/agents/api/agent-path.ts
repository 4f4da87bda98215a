import { adminPaths } from '@contracts/admin';

type AgentPath = Exclude<keyof typeof adminPaths, 'agents' | 'audit'>;

/** `/api/admin/agents/:id/...` with the id filled in and escaped. */
export function agentPath(path: AgentPath, id: string): string {
  return adminPaths[path].replace(':id', encodeURIComponent(id));
}
