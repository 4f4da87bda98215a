import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/page-header';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Page not found" description="There is no page at this address." />
      <Button asChild variant="outline">
        <Link to="/dashboard">Back to the dashboard</Link>
      </Button>
    </div>
  );
}
