import { useQuery } from '@tanstack/react-query';
import { RecordMessagesList } from '@web/components/messages/record-messages';
import { appointmentMessagesQueryOptions } from '@web/queries/outbox';

/**
 * Every e-mail and text about this appointment, as sent (issue 44): shown to admins and the front
 * desk (ADR 036); admins alone resend. Reading them is audited.
 */
export function MessagesSection({
  appointmentId,
  timeZone,
  canResend,
}: {
  appointmentId: string;
  timeZone: string;
  canResend: boolean;
}) {
  const query = useQuery(appointmentMessagesQueryOptions(appointmentId));
  const headingId = `appointment-messages-${appointmentId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Messages
      </h3>
      <RecordMessagesList
        query={query}
        timeZone={timeZone}
        canResend={canResend}
        emptyText="No messages about this appointment yet."
      />
    </section>
  );
}
