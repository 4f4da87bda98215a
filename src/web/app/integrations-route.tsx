import { CalendarFeedsAdminSection } from '@web/features/calendar-feeds/components/calendar-feeds-admin-section';
import { OutsideCalendarsAdminSection } from '@web/features/availability/components/outside-calendars-admin-section';
import { IntegrationsPage } from '@web/features/integrations/components/integrations-page';
import { WebhooksSection } from '@web/features/webhooks/components/webhooks-section';

/** /admin/integrations: FHIR tokens, webhooks, calendar feeds and staff's outside calendars. */
export function IntegrationsRoute() {
  return (
    <>
      <IntegrationsPage />
      <div className="mx-auto max-w-6xl">
        <WebhooksSection />
        <CalendarFeedsAdminSection />
        <OutsideCalendarsAdminSection />
      </div>
    </>
  );
}
