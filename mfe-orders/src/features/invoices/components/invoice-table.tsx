// The list: one row per invoice or credit note, its number a link to its page, the order a link to
// the order, and the documents to download. Staff also see whose it is, how far the e-invoice got,
// and record payments. Wide, so it scrolls in its own focusable region on a phone.
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import type { InvoiceSummary } from '@portal/shared/schemas/orders';
import { Stack, TableScroll } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { Money } from '../../../components/money';
import { DeliveryStatusBadge, InvoiceStatusBadge } from './invoice-badges';
import { InvoiceDownloads } from './invoice-downloads';
import { isPayable, PaymentReceived } from './payment-received';
import { isRetryable, RetryDelivery } from './retry-delivery';

const RIGHT = { textAlign: 'right' } as const;
// Numbers, dates and amounts never break ("2026-" over "000042"): the table scrolls instead. Only a
// long organisation name wraps.
const TABLE = { whiteSpace: 'nowrap' } as const;
const WRAP = { whiteSpace: 'normal', minWidth: '10rem' } as const;

export function InvoiceTable({ items, hrefOf, staff }: { items: InvoiceSummary[]; hrefOf: (id: string) => string; staff: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const caption = intl.formatMessage({ id: 'invoices.list.caption' });
  const head = (id: string, right = false) => (
    <Table.Th scope="col" style={right ? RIGHT : undefined}>
      <FormattedMessage id={id} />
    </Table.Th>
  );
  return (
    <TableScroll label={caption}>
      <Table striped highlightOnHover style={TABLE} aria-label={caption} data-testid="invoices-table">
        <Table.Thead>
          <Table.Tr>
            {head('invoices.col.number')}
            {head('invoices.col.issued')}
            {head('invoices.col.due')}
            {head('invoices.col.status')}
            {staff ? head('invoices.col.organisation') : null}
            {head('invoices.col.order')}
            {head('invoices.col.exclVat', true)}
            {head('invoices.col.inclVat', true)}
            {head('invoices.col.amountDue', true)}
            {staff ? head('invoices.col.delivery') : null}
            {head('invoices.col.documents')}
            {staff ? head('invoices.col.actions') : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id} data-invoice={i.number} data-kind={i.kind}>
              <Table.Td>
                <Link to={hrefOf(i.id)}>{i.number}</Link>
                <div><small><FormattedMessage id={`invoices.kind.${i.kind}`} /></small></div>
              </Table.Td>
              <Table.Td><FormattedDate value={i.issue_date} dateStyle="medium" timeZone="UTC" /></Table.Td>
              <Table.Td>{i.due_date ? <FormattedDate value={i.due_date} dateStyle="medium" timeZone="UTC" /> : '—'}</Table.Td>
              <Table.Td><InvoiceStatusBadge status={i.status} /></Table.Td>
              {staff ? <Table.Td style={WRAP}>{i.organisation_name ?? '—'}</Table.Td> : null}
              <Table.Td>
                <Link to={`/${locale}/my-orders/${encodeURIComponent(i.order.number)}`}>{i.order.number}</Link>
                {i.order.external_order_number ? <div><small>{i.order.external_order_number}</small></div> : null}
              </Table.Td>
              <Table.Td style={RIGHT}><Money cents={i.total_excl_vat} currency={i.currency} /></Table.Td>
              <Table.Td style={RIGHT}><Money cents={i.total_incl_vat} currency={i.currency} /></Table.Td>
              <Table.Td style={RIGHT} data-testid="amount-due"><Money cents={i.amount_due} currency={i.currency} /></Table.Td>
              {staff ? <Table.Td><DeliveryStatusBadge status={i.delivery_status} /></Table.Td> : null}
              <Table.Td><InvoiceDownloads invoice={i} /></Table.Td>
              {staff ? (
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    {isPayable(i) ? <PaymentReceived invoice={i} /> : null}
                    {isRetryable(i) ? <RetryDelivery invoice={i} /> : null}
                  </Stack>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
