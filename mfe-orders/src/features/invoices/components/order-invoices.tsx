// An order's invoices and credit notes, on the order's page (issue 30: reachable from each order).
// Nothing is shown as missing before the order ships: an invoice is issued per shipment.
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Group, Stack, Text } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { Money } from '../../../components/money';
import { useInvoices } from '../api/list-invoices';
import { InvoiceStatusBadge } from './invoice-badges';

export function OrderInvoices({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const invoices = useInvoices({ order: orderId });
  const items = invoices.data?.items ?? [];
  const more = (invoices.data?.total ?? 0) > items.length;
  return (
    <Stack gap="xs" data-testid="order-invoices">
      <StateRegion
        status={invoices.status}
        isEmpty={items.length === 0}
        loadingLabel={intl.formatMessage({ id: 'invoices.list.loading' })}
        errorTitle={<FormattedMessage id="invoices.list.error" />}
        onRetry={() => void invoices.refetch()}
        retryLabel={<FormattedMessage id="orders.retry" />}
        empty={<Text variant="subtext"><FormattedMessage id="invoices.order.none" /></Text>}
      >
        <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
          {items.map((i) => (
            <li key={i.id} data-invoice={i.number}>
              <Group gap="xs" wrap="wrap">
                <Link to={`/${locale}/invoices/${encodeURIComponent(i.id)}`}>
                  <FormattedMessage id="invoices.detail.heading" values={{ kind: i.kind, number: i.number }} />
                </Link>
                <InvoiceStatusBadge status={i.status} />
                <span><Money cents={i.total_incl_vat} currency={i.currency} /></span>
                {i.due_date && i.amount_due > 0 ? (
                  <Text variant="subtext" component="span"><FormattedMessage id="invoices.pay.by" values={{ date: <FormattedDate value={i.due_date} dateStyle="medium" timeZone="UTC" /> }} /></Text>
                ) : null}
              </Group>
            </li>
          ))}
        </ul>
      </StateRegion>
      {items.length || more ? (
        <Link to={`/${locale}/invoices?order=${encodeURIComponent(orderId)}`} data-testid="order-invoices-all">
          <FormattedMessage id="invoices.order.all" />
        </Link>
      ) : null}
    </Stack>
  );
}
