// The clients with what a manager may do to each (issue 44): give it a new secret, the previous one
// working for the overlap chosen, or revoke it (asked first: it cannot be undone). A revoked client
// has no actions. The row's buttons name their client, so a screen reader's list of buttons says which.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { INTEGRATION_ERRORS, type IntegrationClientSecret, type IntegrationClientSummary } from '@portal/shared/schemas/account';
import { Button, Group, Stack, Title, confirmAction } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { ToneBadge } from '@portal/shared/ui/status';
import { CELL, DataTable } from '../../../components/data-table';
import { failureOf } from '../../../lib/failure';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';
import { type useIntegrationClients } from '../api/integration-clients';
import { useRevokeIntegrationClient, useRotateIntegrationClient } from '../api/manage-integration-clients';

/** The overlaps offered, in hours: none, an hour, a day, a week (the API allows 0 to 168). */
const OVERLAPS = [0, 1, 24, 168] as const;
const COLUMNS = ['account.integration.clients.name', 'account.integration.clients.scopes', 'account.integration.clients.rotated', 'account.integration.clients.status', 'account.integration.manage.column.action'];

export function ManagedClientsTable({ clients, onSecret }: { clients: ReturnType<typeof useIntegrationClients>; onSecret: (secret: IntegrationClientSecret) => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const rotate = useRotateIntegrationClient();
  const revoke = useRevokeIntegrationClient();
  const [outcome, setOutcome] = useState<{ kind: 'revoked'; name: string } | { kind: 'failed'; code: string } | null>(null);
  const list = clients.data?.items ?? [];

  async function onRotate(client: IntegrationClientSummary, overlapHours: number) {
    setOutcome(null);
    try {
      onSecret(await rotate.mutateAsync({ id: client.id, overlapHours }));
    } catch (error) {
      setOutcome({ kind: 'failed', code: failureOf(error).code });
    }
  }

  async function onRevoke(client: IntegrationClientSummary) {
    setOutcome(null);
    const yes = await confirmAction({
      title: t('account.integration.manage.revoke.title', { name: client.name }),
      message: t('account.integration.manage.revoke.message'),
      confirmLabel: t('account.integration.manage.revoke.confirm'),
      cancelLabel: t('account.integration.manage.revoke.cancel'),
      destructive: true,
    });
    if (!yes) return;
    try {
      await revoke.mutateAsync(client.id);
      setOutcome({ kind: 'revoked', name: client.name });
    } catch (error) {
      setOutcome({ kind: 'failed', code: failureOf(error).code });
    }
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="managed-clients-title">
      <Title order={2} size="h3" id="managed-clients-title">
        <FormattedMessage id="account.integration.clients.title" />
      </Title>
      {outcome?.kind === 'revoked' && (
        <SavedNotice>
          <FormattedMessage id="account.integration.manage.revoked" values={{ name: outcome.name }} />
        </SavedNotice>
      )}
      {outcome?.kind === 'failed' && (
        <FailedNotice>
          <FormattedMessage id={outcome.code === INTEGRATION_ERRORS.CLIENT_ALREADY_REVOKED ? 'account.integration.manage.error.revoked' : 'account.integration.manage.error'} />
        </FailedNotice>
      )}
      <DataTable
        id="managed-clients-caption"
        query={clients}
        count={list.length}
        emptyId="account.integration.clients.empty"
        caption={<FormattedMessage id="account.integration.clients.caption" values={{ count: list.length }} />}
        headers={COLUMNS.map((id) => t(id))}
        skeletonRows={2}
      >
        {list.map((client) => (
          <ClientRow key={client.id} client={client} busy={rotate.isPending || revoke.isPending} onRotate={(hours) => void onRotate(client, hours)} onRevoke={() => void onRevoke(client)} />
        ))}
      </DataTable>
    </Stack>
  );
}

function ClientRow({ client, busy, onRotate, onRevoke }: { client: IntegrationClientSummary; busy: boolean; onRotate: (hours: number) => void; onRevoke: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [overlap, setOverlap] = useState('24');
  const when = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : t('account.integration.clients.never'));
  return (
    <tr>
      <th scope="row" style={{ ...CELL, fontWeight: 'normal' }}>
        {client.name}
        <div>
          <code>{client.id}</code>
        </div>
      </th>
      <td style={CELL}>{client.scopes.map((scope) => <code key={scope} style={{ display: 'block' }}>{scope}</code>)}</td>
      <td style={CELL}>{when(client.last_rotated_at)}</td>
      <td style={CELL}>
        {client.revoked_at ? (
          <ToneBadge tone="neutral">
            <FormattedMessage id="account.integration.clients.revoked" values={{ date: when(client.revoked_at) }} />
          </ToneBadge>
        ) : (
          <ToneBadge tone="positive">
            <FormattedMessage id="account.integration.clients.active" />
          </ToneBadge>
        )}
      </td>
      <td style={CELL}>
        {client.revoked_at ? null : (
          <Group gap="xs" align="flex-end">
            <NativeSelect
              label={t('account.integration.manage.overlapOf', { name: client.name })}
              value={overlap}
              onChange={(e) => setOverlap(e.currentTarget.value)}
              data={OVERLAPS.map((h) => ({ value: String(h), label: t(`account.integration.manage.overlap.${h}`) }))}
            />
            <Button variant="outline" disabled={busy} onClick={() => onRotate(Number(overlap))} aria-label={t('account.integration.manage.rotateOne', { name: client.name })}>
              <FormattedMessage id="account.integration.manage.rotate" />
            </Button>
            <Button variant="destructive-outline" disabled={busy} onClick={onRevoke} aria-label={t('account.integration.manage.revokeOne', { name: client.name })}>
              <FormattedMessage id="account.integration.manage.revoke" />
            </Button>
          </Group>
        )}
      </td>
    </tr>
  );
}
