import type { AdminUser } from '@contracts/admin';

/** A dialog about one staff member: open while there is one. */
export interface AgentDialogProps {
  agent: AdminUser | null;
  onOpenChange: (open: boolean) => void;
}
