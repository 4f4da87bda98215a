import type { ReactNode } from 'react';
import { HeartPulseIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';

/** The card the signed-out pages stand in (sign-in, a forgotten password, an invitation). */
export function AuthCard({
  title,
  description,
  contentClassName = 'grid gap-5 px-8',
  children,
}: {
  title: string;
  description?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <main
      id="main-content"
      className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-10"
    >
      <Card className="w-full max-w-sm gap-6 py-8 shadow-sm">
        <CardHeader className="justify-items-center gap-2 px-8 text-center">
          <span className="mb-1 flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground">
            <HeartPulseIcon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </main>
  );
}
