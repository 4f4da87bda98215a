import { ListTable } from '@web/components/list-table';
import { TableCell, TableRow } from '@web/components/ui/table';
import { useIsMobile } from '@web/hooks/use-is-mobile';
import type { OutboxMessage } from '@contracts/outbox';
import {
  AppointmentLink,
  DeliveryState,
  MessageButtons,
  MessageSummary,
  Recipients,
  recipientsLine,
  when,
  type MessageActions,
} from '@web/components/messages/message-parts';

interface MessagesProps extends MessageActions {
  messages: OutboxMessage[];
  timeZone: string;
}

/** Wide screens: a row per message, recipients and time in their own columns. */
function MessagesTable({ messages, timeZone, ...actions }: MessagesProps) {
  return (
    // Several lines to a message: each cell starts at the row's top.
    <ListTable
      caption="Notification messages, newest first"
      className="[&_td]:px-4 [&_td]:align-top [&_th]:px-4"
      columns={['Created', 'Message', 'Recipients', 'State']}
    >
      {messages.map((m) => (
        <TableRow key={m.id}>
          <TableCell className="whitespace-nowrap">{when(m.createdAt, timeZone)}</TableCell>
          <TableCell className="w-[40%] min-w-64 space-y-1 whitespace-normal">
            <MessageSummary message={m} />
            <AppointmentLink message={m} />
          </TableCell>
          <TableCell className="whitespace-normal">
            <Recipients message={m} />
          </TableCell>
          <TableCell className="whitespace-normal">
            <DeliveryState message={m} timeZone={timeZone} />
          </TableCell>
          <TableCell>
            <MessageButtons
              message={m}
              actions={actions}
              className="flex flex-col items-stretch gap-2"
            />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/** Phones: a message to an item, everything stacked, nothing to scroll sideways for. */
function MessagesList({ messages, timeZone, ...actions }: MessagesProps) {
  return (
    <ul aria-label="Notification messages, newest first" className="divide-y">
      {messages.map((m) => (
        <li key={m.id} className="space-y-2 p-4">
          <MessageSummary message={m} />
          <p className="text-xs break-words">
            <span className="text-muted-foreground">To: </span>
            {recipientsLine(m)}
            <span className="block text-muted-foreground">
              Created {when(m.createdAt, timeZone)}
            </span>
          </p>
          <AppointmentLink message={m} />
          <DeliveryState message={m} timeZone={timeZone} />
          <MessageButtons message={m} actions={actions} className="flex flex-wrap gap-2" />
        </li>
      ))}
    </ul>
  );
}

/** The messages of the admin's clinics: a table, or on a phone a list. */
export function OutboxMessages(props: MessagesProps) {
  return useIsMobile() ? <MessagesList {...props} /> : <MessagesTable {...props} />;
}
