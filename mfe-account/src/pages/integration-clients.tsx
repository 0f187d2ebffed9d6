import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { API_ERRORS, managesIntegrationClients, type IntegrationClientSecret } from '@portal/shared/schemas/account';
import { useSession } from '@portal/shared/session';
import { PageIntro, Stack } from '@portal/shared/ui';
import { useIntegrationClients } from '../features/integration/api/integration-clients';
import { ClientSecretNotice } from '../features/integration/components/client-secret-notice';
import { ManagedClientsTable } from '../features/integration/components/managed-clients-table';
import { NewClientForm } from '../features/integration/components/new-client-form';
import { failureOf } from '../lib/failure';
import { FailedNotice } from '../lib/saved-notice';

/**
 * The staff's page to manage the integration clients while the portal runs (issue 44, decision
 * 062): create one with its scopes, give it a new secret with an overlap, revoke it. Only a role
 * that manages clients (the sales consultant) gets the forms; the API refuses the others anyway.
 * A new secret is shown once, above the list.
 */
export default function IntegrationClientsPage() {
  const clients = useIntegrationClients();
  const role = useSession((s) => s.claims?.role);
  const [secret, setSecret] = useState<IntegrationClientSecret | null>(null);
  const intro = <PageIntro titleId="title.integration_clients" introId="account.integration.manage.intro" />;
  if (clients.isError && failureOf(clients.error).code === API_ERRORS.STAFF_ONLY) {
    return (
      <>
        {intro}
        <FailedNotice title={<FormattedMessage id="account.integration.staffOnly.title" />}>
          <FormattedMessage id="account.integration.staffOnly.message" />
        </FailedNotice>
      </>
    );
  }
  if (!managesIntegrationClients(role)) {
    return (
      <>
        {intro}
        <FailedNotice title={<FormattedMessage id="account.integration.manage.notManager.title" />}>
          <FormattedMessage id="account.integration.manage.notManager.message" />
        </FailedNotice>
      </>
    );
  }
  return (
    <>
      {intro}
      <Stack gap="xl">
        {secret && <ClientSecretNotice key={secret.client_secret} secret={secret} onDismiss={() => setSecret(null)} />}
        <NewClientForm onCreated={setSecret} />
        <ManagedClientsTable clients={clients} onSecret={setSecret} />
      </Stack>
    </>
  );
}
