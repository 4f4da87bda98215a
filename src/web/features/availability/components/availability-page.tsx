import { AvailabilityScreen } from './availability-screen';

/** /availability: a provider or nurse keeps their own week and time off. */
export function AvailabilityPage() {
  return (
    <AvailabilityScreen
      target={{ kind: 'own' }}
      title="Availability"
      description={() =>
        'Your weekly hours and time off. Patients can be booked only in these hours.'
      }
    />
  );
}
