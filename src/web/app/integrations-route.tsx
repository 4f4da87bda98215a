import { CalendarFeedsAdminSection } from '@web/features/calendar-feeds/components/calendar-feeds-admin-section';
import { IntegrationsPage } from '@web/features/integrations/components/integrations-page';
import { WebhooksSection } from '@web/features/webhooks/components/webhooks-section';

/** /admin/integrations: FHIR tokens, webhooks and calendar feeds, each its own feature. */
export function IntegrationsRoute() {
  return (
    <>
      <IntegrationsPage />
      <div className="mx-auto max-w-6xl">
        <WebhooksSection />
        <CalendarFeedsAdminSection />
      </div>
    </>
  );
}
