// The staff Integration page's section on received Peppol orders (issue 34): when, which
// organisation, the buyer's order number, the portal order it became, the Order Response's code
// (with its reason) and whether it went back through the access point.
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffPeppolOrder } from '@portal/shared/schemas/account';
import { Stack, TableScroll, Text, Title } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { usePeppolOrders } from '../api/peppol-orders';

const CELL = { textAlign: 'start', padding: '0.5rem 0.75rem', borderBottom: '1px solid var(--mantine-color-default-border)', verticalAlign: 'top' } as const;
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
        <StateRegion
          status={orders.status}
          isEmpty={list.length === 0}
          skeletonRows={3}
          loadingLabel={t('account.loading')}
          errorTitle={t('account.error.load')}
          onRetry={() => void orders.refetch()}
          retryLabel={t('account.retry')}
          empty={<Text>{t('account.integration.peppolOrders.empty')}</Text>}
        >
          <TableScroll labelledBy="peppol-orders-caption">
            <table style={{ width: '100%', borderCollapse: 'collapse' }}>
              <caption id="peppol-orders-caption" style={{ textAlign: 'start', paddingBlock: '0.5rem' }}>
                <FormattedMessage id="account.integration.peppolOrders.caption" values={{ count: list.length }} />
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" style={CELL}>
                      {t(`account.integration.peppolOrders.column.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>{list.map(row)}</tbody>
            </table>
          </TableScroll>
        </StateRegion>
      </Stack>
    </section>
  );
}
