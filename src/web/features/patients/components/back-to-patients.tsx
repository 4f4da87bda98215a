import { Link } from 'react-router';
import { ChevronLeftIcon } from 'lucide-react';

/** The way back to the patient list, above a page about one record or a few. */
export function BackToPatients() {
  return (
    <Link
      to="/patients"
      className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ChevronLeftIcon className="size-4" aria-hidden="true" />
      Patients
    </Link>
  );
}
