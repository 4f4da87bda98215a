import { Link } from 'react-router';
import { ShieldAlertIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';

// Spec §6: where users without permission are sent. Outside the shell, because the shell's
// navigation may be exactly what they are not allowed to see.
export function UnauthorizedPage() {
  return (
    <main id="main-content" className="flex min-h-svh items-center justify-center p-4">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <ShieldAlertIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">
          You don&apos;t have permission to view this page
        </h1>
        <p className="text-sm text-muted-foreground">
          If you think you should have access, ask your clinic administrator.
        </p>
        <Button asChild>
          <Link to="/dashboard">Back to the dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
