import { useQuery } from '@tanstack/react-query';
import { RecordMessagesList } from '@web/components/messages/record-messages';
import { patientMessagesQueryOptions } from '@web/queries/outbox';
import { ProfileCard } from './profile-card';

/**
 * Every e-mail and text about the patient, as sent (issue 44): for admins and the front desk,
 * who answer the patient asking whether a message went out (ADR 036). Reading it is audited.
 */
export function MessagesCard({
  patientId,
  timeZone,
  canResend,
  className,
}: {
  patientId: string;
  timeZone: string;
  canResend: boolean;
  className?: string;
}) {
  const query = useQuery(patientMessagesQueryOptions(patientId));
  return (
    <ProfileCard
      title="Messages"
      description="Every e-mail and text about this patient, as it was sent. Viewing them is recorded in the audit log."
      className={className}
    >
      <RecordMessagesList
        query={query}
        timeZone={timeZone}
        canResend={canResend}
        emptyText="No messages yet."
      />
    </ProfileCard>
  );
}
