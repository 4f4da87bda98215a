import { HeartPulseIcon } from 'lucide-react';
import { Card, CardDescription, CardHeader } from '@web/components/ui/card';

// Placeholder: a later issue builds sign-in. It sits outside the signed-in shell.
export function LoginPage() {
  return (
    <main id="main-content" className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="justify-items-center text-center">
          <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <HeartPulseIcon className="size-5" aria-hidden="true" />
          </span>
          <h1 className="text-xl font-semibold">Sign in to Carebook</h1>
          <CardDescription>This page is coming soon.</CardDescription>
        </CardHeader>
      </Card>
    </main>
  );
}
