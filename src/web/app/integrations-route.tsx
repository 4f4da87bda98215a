import { CalendarFeedsAdminSection } from '@web/features/calendar-feeds/components/calendar-feeds-admin-section';
import { OutsideCalendarsAdminSection } from '@web/features/availability/components/outside-calendars-admin-section';
import { IntegrationsPage } from '@web/features/integrations/components/integrations-page';
import { SmartClientsSection } from '@web/features/integrations/components/smart-clients-section';
import { WebhooksSection } from '@web/features/webhooks/components/webhooks-section';

/** /admin/integrations: FHIR tokens, SMART clients, webhooks, calendar feeds and staff's outside calendars. */
export function IntegrationsRoute() {
  return (
    <>
      <IntegrationsPage />
      <div className="mx-auto max-w-6xl">
        <SmartClientsSection />
        <WebhooksSection />
        <CalendarFeedsAdminSection />
        <OutsideCalendarsAdminSection />
      </div>
    </>
  );
}
