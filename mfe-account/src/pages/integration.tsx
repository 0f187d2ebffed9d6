import { FormattedMessage } from 'react-intl';
import { API_ERRORS } from '@portal/shared/schemas/account';
import { PageIntro, Stack } from '@portal/shared/ui';
import { useIntegrationClients } from '../features/integration/api/integration-clients';
import { IntegrationClientsSection } from '../features/integration/components/integration-clients-section';
import { ImportJobsSection } from '../features/integration-imports/components/import-jobs-section';
import { WebhookDeliveriesSection } from '../features/integration-deliveries/components/webhook-deliveries-section';
import { PeppolOrdersSection } from '../features/procurement-orders/components/peppol-orders-section';
import { failureOf } from '../lib/failure';
import { FailedNotice } from '../lib/saved-notice';

/**
 * The supplier staff's integration page (issue 29): one section per part of the integration with
 * the supplier's systems: the integration clients, the imports with their progress and refused
 * lines, the webhook deliveries with their attempts and replay, and the Peppol orders received
 * with their Order Responses (issue 34).
 */
export default function IntegrationPage() {
  const clients = useIntegrationClients();
  // The API answers 403 STAFF_ONLY to a customer: say so instead of an empty page.
  if (clients.isError && failureOf(clients.error).code === API_ERRORS.STAFF_ONLY) {
    return (
      <>
        <PageIntro titleId="title.integration" introId="account.integration.intro" />
        <FailedNotice title={<FormattedMessage id="account.integration.staffOnly.title" />}>
          <FormattedMessage id="account.integration.staffOnly.message" />
        </FailedNotice>
      </>
    );
  }
  return (
    <>
      <PageIntro titleId="title.integration" introId="account.integration.intro" />
      <Stack gap="xl">
        <IntegrationClientsSection clients={clients} />
        <ImportJobsSection />
        <WebhookDeliveriesSection />
        <PeppolOrdersSection />
      </Stack>
    </>
  );
}
