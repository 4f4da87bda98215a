import { z } from 'zod';
import { webhookEndpointBody, type WebhookEndpointView } from '@contracts/webhooks';
import { worded } from '@web/lib/form-schema';

export const EVENT_LABELS: Record<WebhookEndpointView['events'][number], string> = {
  'appointment.created': 'Booked',
  'appointment.rescheduled': 'Rescheduled',
  'appointment.reassigned': 'Reassigned',
  'appointment.cancelled': 'Cancelled',
  'appointment.status_changed': 'Marked (completed, no-show…)',
  'appointment.confirmed': 'Confirmed',
  'appointment.updated': 'Patient changed (records merged)',
  'waitlist.offered': 'Waitlist: time offered',
  'waitlist.accepted': 'Waitlist: offer accepted',
  'waitlist.declined': 'Waitlist: offer declined',
  'waitlist.expired': 'Waitlist: offer expired',
};

const { shape } = webhookEndpointBody;

/** webhookEndpointBody's rules in the form's words; the output is the body the server takes. */
export const endpointFormSchema = z.object({
  url: worded(shape.url, () => 'Enter the receiver’s address, starting with https://.'),
  description: worded(
    shape.description,
    () => 'The description must be one line of at most 200 characters.',
  ),
  events: worded(shape.events, () => 'Choose at least one event.'),
  clinicIds: worded(shape.clinicIds, () => 'Choose at least one clinic.'),
  enabled: z.boolean(),
  visitLinks: z.boolean(),
});
export type EndpointFormValues = z.input<typeof endpointFormSchema>;
export type EndpointFormOutput = z.output<typeof endpointFormSchema>;
