import { Link } from 'react-router';
import { isBookableRole } from '@domain/roles';
import { PageHeader } from '@web/components/page-header';
import { hasRole, useSession } from '@web/lib/session';
import { AvailabilityScreen } from './availability-screen';
import type { RenderVisitAction } from './outside-hours-dialog';

/** /availability: a provider or nurse keeps their own week and time off. */
export function AvailabilityPage({
  renderVisitAction,
}: {
  /** The appointments feature's reschedule and cancel dialogs, handed in by src/web/app. */
  renderVisitAction?: RenderVisitAction;
} = {}) {
  const { user } = useSession();
  if (user && !isBookableRole(user.role))
    return <NoHoursOfYourOwn isAdmin={hasRole(user, ['admin'])} />;
  return (
    <AvailabilityScreen
      renderVisitAction={renderVisitAction}
      target={{ kind: 'own' }}
      title="Availability"
      description={() =>
        'Your weekly hours and time off. Patients can be booked only in these hours.'
      }
    />
  );
}

/** Only providers and nurses are booked, so only they have hours; say so rather than fail. */
function NoHoursOfYourOwn({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Availability" />
      <div className="rounded-xl border bg-card px-6 py-10 text-center">
        <p className="text-sm">Availability is kept by providers and nurses, who are booked.</p>
        {isAdmin && (
          <p className="mt-2 text-sm text-muted-foreground">
            To change a staff member’s hours, open{' '}
            <Link to="/admin/agents" className="font-medium text-primary underline">
              Staff
            </Link>{' '}
            and choose Availability on their row.
          </p>
        )}
      </div>
    </div>
  );
}
