// The failed deliveries, one row each: which document (an e-invoice, a link to its page; a Despatch
// Advice, its shipment and a link to its order), whose, to whom and how, how often it was tried, the
// last error as the access point or the mail server said it, when it was given up on, and the retry.
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import type { FailedDelivery } from '@portal/shared/schemas/orders';
import { TableScroll } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { RetryFailedDelivery } from './retry-failed-delivery';

const TABLE = { whiteSpace: 'nowrap' } as const;
// The organisation and the error are the long cells: they wrap.
const WRAP = { whiteSpace: 'normal', minWidth: '12rem' } as const;

function DocumentCell({ item }: { item: FailedDelivery }) {
  const locale = useLocale();
  if (item.document_kind === 'invoice') {
    return (
      <>
        <Link to={`/${locale}/invoices/${encodeURIComponent(item.document_id)}`}>{item.reference}</Link>
        <div><small><FormattedMessage id="deliveries.failed.kind.invoice" /></small></div>
      </>
    );
  }
  return (
    <>
      {item.reference}
      <div><small><FormattedMessage id="deliveries.failed.kind.despatch_advice" /></small></div>
      {item.order_number ? (
        <div>
          <small>
            <Link to={`/${locale}/my-orders/${encodeURIComponent(item.order_number)}`}>
              <FormattedMessage id="deliveries.failed.order" values={{ number: item.order_number }} />
            </Link>
          </small>
        </div>
      ) : null}
    </>
  );
}

export function FailedDeliveriesTable({ items }: { items: FailedDelivery[] }) {
  const intl = useIntl();
  const caption = intl.formatMessage({ id: 'deliveries.failed.caption' });
  const head = (id: string) => (
    <Table.Th scope="col">
      <FormattedMessage id={id} />
    </Table.Th>
  );
  return (
    <TableScroll label={caption}>
      <Table striped style={TABLE} aria-label={caption} data-testid="failed-deliveries-table">
        <Table.Thead>
          <Table.Tr>
            {head('deliveries.failed.col.document')}
            {head('deliveries.failed.col.organisation')}
            {head('deliveries.failed.col.channel')}
            {head('deliveries.failed.col.attempts')}
            {head('deliveries.failed.col.error')}
            {head('deliveries.failed.col.failedAt')}
            {head('deliveries.failed.col.actions')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-delivery={item.id} data-kind={item.document_kind}>
              <Table.Td><DocumentCell item={item} /></Table.Td>
              <Table.Td style={WRAP}>{item.organisation_name ?? '—'}</Table.Td>
              <Table.Td>
                <FormattedMessage id={`deliveries.failed.channel.${item.channel}`} />
                <div><small>{item.recipient}</small></div>
              </Table.Td>
              <Table.Td>{item.attempts}</Table.Td>
              <Table.Td style={WRAP}>{item.last_error ?? '—'}</Table.Td>
              <Table.Td><FormattedDate value={item.failed_at} dateStyle="medium" timeStyle="short" /></Table.Td>
              <Table.Td><RetryFailedDelivery item={item} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
