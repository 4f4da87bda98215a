import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';

/** One section of the profile: a card titled right under the page's heading. */
export function ProfileCard({
  title,
  description,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('min-w-0 gap-3', className)} aria-label={title} role="region">
      <CardHeader>
        <CardTitle level={2}>{title}</CardTitle>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

/** A term and its value in a card's list; a missing value reads as a dash. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{children || '—'}</dd>
    </div>
  );
}

/** What a section says when it has nothing to list. */
export function NoneYet({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}
