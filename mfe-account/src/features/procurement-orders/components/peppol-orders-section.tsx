// The staff Integration page's section on received Peppol orders (issue 34): when, which
// organisation, the buyer's order number, the portal order it became, the Order Response's code
// (with its reason) and whether it went back through the access point.
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffPeppolOrder } from '@portal/shared/schemas/account';
import { Stack, Text, Title } from '@portal/shared/ui';
import { usePeppolOrders } from '../api/peppol-orders';
import { CELL, DataTable } from '../../../components/data-table';

const COLUMNS = ['received', 'organisation', 'buyerOrder', 'order', 'response', 'sent'] as const;

export function PeppolOrdersSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const orders = usePeppolOrders();
  const list = orders.data?.items ?? [];

  const row = (o: StaffPeppolOrder) => (
    <tr key={o.id}>
      <td style={CELL}>{intl.formatDate(o.received_at, { dateStyle: 'short', timeStyle: 'short' })}</td>
      <td style={CELL}>{o.organisation_name ?? t('account.integration.peppolOrders.unknownOrganisation')}</td>
      <td style={CELL}>{o.buyer_order_id}</td>
      <td style={CELL}>{o.order_number ?? t('account.integration.peppolOrders.noOrder')}</td>
      <td style={CELL}>
        {t(`account.integration.peppolOrders.code.${o.response_code}`)}
        {o.response_note && <Text variant="subtext">{o.response_note}</Text>}
      </td>
      <td style={CELL}>{o.response_status ? t(`account.integration.peppolOrders.status.${o.response_status}`) : ''}</td>
    </tr>
  );

  return (
    <section aria-labelledby="peppol-orders-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="peppol-orders-title">
          <FormattedMessage id="account.integration.peppolOrders.title" />
        </Title>
        <Text>
          <FormattedMessage id="account.integration.peppolOrders.intro" />
        </Text>
        <DataTable
          id="peppol-orders-caption"
          query={orders}
          count={list.length}
          emptyId="account.integration.peppolOrders.empty"
          caption={<FormattedMessage id="account.integration.peppolOrders.caption" values={{ count: list.length }} />}
          headers={COLUMNS.map((c) => t(`account.integration.peppolOrders.column.${c}`))}
        >
          {list.map(row)}
        </DataTable>
      </Stack>
    </section>
  );
}
