import { useQuery } from '@tanstack/react-query';
import type { AppointmentOffers } from '@contracts/waitlist';
import { formatDateTimeWithZone } from '@domain/format';
import { appointmentOffersQueryOptions } from '@web/queries/waitlist';

const OUTCOME: Record<AppointmentOffers[number]['status'], string> = {
  open: 'awaiting an answer',
  accepted: 'accepted and booked',
  declined: 'declined',
  expired: 'did not answer in time',
  taken: 'too late: someone else booked it',
  withdrawn: 'withdrawn',
};

/**
 * For a cancelled or moved appointment: whether its freed time went to the waitlist, to whom
 * and how each offer went (ADR 019).
 */
export function WaitlistOffersSection({
  appointmentId,
  timeZone,
}: {
  appointmentId: string;
  timeZone: string;
}) {
  const offers = useQuery(appointmentOffersQueryOptions(appointmentId));
  if (!offers.data) return null;
  return (
    <section aria-labelledby={`waitlist-offers-${appointmentId}`} className="grid gap-2">
      <h3 id={`waitlist-offers-${appointmentId}`} className="text-sm font-semibold">
        Freed time and the waitlist
      </h3>
      {offers.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">This time was not offered to the waitlist.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {offers.data.map((offer) => (
            <li key={offer.id}>
              Offered to <span className="font-medium">{offer.patient.name}</span> on{' '}
              {formatDateTimeWithZone(offer.offeredAt, timeZone)}: {OUTCOME[offer.status]}.
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
