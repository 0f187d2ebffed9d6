// The staff Integration page's section on webhook deliveries (issue 29): each delivery with its
// client, event, status, tries and last error, filtered by status, and a replay button for the dead
// and the delivered ones. Its own component, so the page (helper "clients") only places it.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery, type WebhookDeliveryStatus } from '@portal/shared/schemas/account';
import { Button, Stack, Text, Title } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { FailedNotice } from '../../../lib/saved-notice';
import { useDeliveries, useReplayDelivery } from '../api/deliveries';
import { CELL, DataTable } from '../../../components/data-table';

const COLUMNS = ['event', 'client', 'status', 'attempts', 'lastError', 'action'] as const;

export function WebhookDeliveriesSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const deliveries = useDeliveries(status);
  const replay = useReplayDelivery();
  const list = deliveries.data?.items ?? [];
  const when = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'short', timeStyle: 'short' }) : '');

  const row = (d: WebhookDelivery) => (
    <tr key={d.id}>
      <td style={CELL}>
        <code>{d.event_type}</code>
        <Text variant="subtext">{d.event_id}</Text>
      </td>
      <td style={CELL}>
        {d.client_name}
        <Text variant="subtext">{d.url}</Text>
      </td>
      <td style={CELL}>
        {t(`account.integration.deliveries.status.${d.status}`)}
        <Text variant="subtext">{d.status === 'delivered' ? when(d.delivered_at) : when(d.last_attempt_at)}</Text>
      </td>
      <td style={CELL}>{d.attempts}</td>
      <td style={CELL}>{d.last_error ?? ''}</td>
      <td style={CELL}>
        {d.status !== 'pending' && (
          <Button
            size="xs"
            variant="default"
            loading={replay.isPending && replay.variables === d.id}
            onClick={() => replay.mutate(d.id)}
            aria-label={t('account.integration.deliveries.replayOne', { event: d.event_type, client: d.client_name })}
          >
            <FormattedMessage id="account.integration.deliveries.replay" />
          </Button>
        )}
      </td>
    </tr>
  );

  return (
    <section aria-labelledby="webhook-deliveries-title">
      <Stack gap="md">
      <Title order={2} size="h3" id="webhook-deliveries-title">
        <FormattedMessage id="account.integration.deliveries.title" />
      </Title>
      <Text>
        <FormattedMessage id="account.integration.deliveries.intro" />
      </Text>
      <NativeSelect
        label={<FormattedMessage id="account.integration.deliveries.filter" />}
        value={status}
        onChange={(e) => setStatus(e.currentTarget.value as WebhookDeliveryStatus | '')}
        data={[{ value: '', label: t('account.integration.deliveries.all') }, ...WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`account.integration.deliveries.status.${s}`) }))]}
      />
      {replay.isError && (
        <FailedNotice>
          <FormattedMessage id="account.integration.deliveries.replayFailed" />
        </FailedNotice>
      )}
      <DataTable
        id="webhook-deliveries-caption"
        query={deliveries}
        count={list.length}
        emptyId="account.integration.deliveries.empty"
        caption={<FormattedMessage id="account.integration.deliveries.caption" values={{ count: list.length }} />}
        headers={COLUMNS.map((c) => t(`account.integration.deliveries.column.${c}`))}
      >
        {list.map(row)}
      </DataTable>
      </Stack>
    </section>
  );
}
