import { PatientPicker } from '@web/features/appointments/components/create/patient-picker';
import { WaitlistPage } from '@web/features/waitlist/components/waitlist-page';

/**
 * /waitlist: the waitlist with the appointments feature's patient search-or-add in its dialog.
 * Features do not import each other (ADR 002): the app composes them.
 */
export function WaitlistRoute() {
  return (
    <WaitlistPage
      renderPatientPicker={(clinic, onSelect) => (
        <PatientPicker clinic={clinic} onSelect={onSelect} />
      )}
    />
  );
}
