import { Link } from 'react-router';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';

/** A record that is not there, or not at one of the user's clinics (the server says 404 for both). */
export function PatientNotFound() {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Patient not found"
        description="There is no patient at this address, or they are at a clinic you do not work at."
      />
      <Button asChild variant="outline">
        <Link to="/patients">Back to Patients</Link>
      </Button>
    </div>
  );
}
