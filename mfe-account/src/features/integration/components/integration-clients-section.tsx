// The integration page's first section: the machine clients of the supplier's systems (ERP, PIM,
// warehouse) with their scopes, creation, last secret rotation and revocation. Read-only here: a
// sales consultant creates, rotates and revokes them on the page this links to (issue 44), or the
// operator with the ops CLI (decision 045).
import { FormattedMessage, useIntl } from 'react-intl';
import type { IntegrationClientSummary } from '@portal/shared/schemas/account';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { ButtonLink, Stack, Text, Title } from '@portal/shared/ui';
import { ToneBadge } from '@portal/shared/ui/status';
import { type useIntegrationClients } from '../api/integration-clients';
import { CELL, DataTable } from '../../../components/data-table';

const COLUMNS = ['account.integration.clients.name', 'account.integration.clients.scopes', 'account.integration.clients.created', 'account.integration.clients.rotated', 'account.integration.clients.status'];

export function IntegrationClientsSection({ clients }: { clients: ReturnType<typeof useIntegrationClients> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const when = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : t('account.integration.clients.never'));
  const list = clients.data?.items ?? [];
  const locale = useLocale();
  return (
    <Stack gap="sm" component="section" aria-labelledby="integration-clients-title">
      <Title order={2} size="h3" id="integration-clients-title">
        <FormattedMessage id="account.integration.clients.title" />
      </Title>
      <Text>
        <FormattedMessage id="account.integration.clients.intro" values={{ command: <code>npm run ops -- clients</code> }} />
      </Text>
      <div>
        <ButtonLink component={Link} to={`/${locale}/user/integration/clients`} variant="outline">
          <FormattedMessage id="account.integration.manage.link" />
        </ButtonLink>
      </div>
      <DataTable
        id="integration-clients-caption"
        query={clients}
        count={list.length}
        emptyId="account.integration.clients.empty"
        caption={<FormattedMessage id="account.integration.clients.caption" values={{ count: list.length }} />}
        headers={COLUMNS.map((id) => t(id))}
        skeletonRows={2}
      >
        {list.map((client) => (
          <ClientRow key={client.id} client={client} when={when} />
        ))}
      </DataTable>
    </Stack>
  );
}

function ClientRow({ client, when }: { client: IntegrationClientSummary; when: (iso: string | null) => string }) {
  return (
    <tr>
      <th scope="row" style={{ ...CELL, fontWeight: 'normal' }}>
        {client.name}
        <Text variant="subtext">
          <code>{client.id}</code>
        </Text>
      </th>
      <td style={CELL}>
        {client.scopes.length ? (
          <ul style={{ margin: 0, paddingInlineStart: '1rem' }}>
            {client.scopes.map((scope) => (
              <li key={scope}>
                <code>{scope}</code>
              </li>
            ))}
          </ul>
        ) : (
          <FormattedMessage id="account.integration.clients.noScopes" />
        )}
      </td>
      <td style={CELL}>{when(client.created_at)}</td>
      <td style={CELL}>{when(client.last_rotated_at)}</td>
      <td style={CELL}>
        {client.revoked_at ? (
          // Filled status tones with white text, as the users list's badges (contrast at least 7:1).
          <ToneBadge tone="neutral">
            <FormattedMessage id="account.integration.clients.revoked" values={{ date: when(client.revoked_at) }} />
          </ToneBadge>
        ) : (
          <ToneBadge tone="positive">
            <FormattedMessage id="account.integration.clients.active" />
          </ToneBadge>
        )}
      </td>
    </tr>
  );
}
