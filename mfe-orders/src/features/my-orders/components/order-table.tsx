// The list: one row per order, the order number a link to its detail (beside the list on a wide
// screen). The open order is marked for assistive technology with aria-current. With an order open
// beside it the list is half the page: it keeps the columns that find an order (number, date,
// status, total) and the pane says the rest; in French at 1366 px the total was cut ("1 389,8").
import { TableScroll } from '@portal/shared/ui';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import type { OrderListItem } from '@portal/shared/schemas/orders';
import { Table } from '@portal/shared/ui/data';
import { OrderStatusBadge, ToneBadge } from '@portal/shared/ui/status';
import { Money } from '../../../components/money';

export function OrderTable({ items, hrefOf, current, showOrganisation }: { items: OrderListItem[]; hrefOf: (number: string) => string; current?: string; showOrganisation: boolean }) {
  const intl = useIntl();
  const full = current === undefined;
  return (
    <TableScroll label={intl.formatMessage({ id: 'orders.list.caption' })}>
      <Table striped highlightOnHover aria-label={intl.formatMessage({ id: 'orders.list.caption' })} data-testid="orders-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col"><FormattedMessage id="orders.col.number" /></Table.Th>
            <Table.Th scope="col"><FormattedMessage id="orders.col.date" /></Table.Th>
            <Table.Th scope="col"><FormattedMessage id="orders.col.status" /></Table.Th>
            {showOrganisation ? <Table.Th scope="col"><FormattedMessage id="orders.col.organisation" /></Table.Th> : null}
            {full ? <Table.Th scope="col"><FormattedMessage id="orders.col.products" /></Table.Th> : null}
            {full ? <Table.Th scope="col"><FormattedMessage id="orders.col.orderedBy" /></Table.Th> : null}
            <Table.Th scope="col" style={{ textAlign: 'right' }}><FormattedMessage id="orders.col.total" /></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((o) => (
            <Table.Tr key={o.id} data-order={o.number} aria-current={current === o.number ? 'true' : undefined}>
              <Table.Td>
                <Link to={hrefOf(o.number)} aria-current={current === o.number ? 'page' : undefined}>
                  {o.number}
                </Link>
                {o.external_order_number ? <div><small>{o.external_order_number}</small></div> : null}
                {o.unread_messages > 0 ? (
                  <div>
                    <ToneBadge tone="negative" size="sm" data-testid="unread-count">
                      <FormattedMessage id="orders.unread" values={{ count: o.unread_messages }} />
                    </ToneBadge>
                  </div>
                ) : null}
              </Table.Td>
              <Table.Td><FormattedDate value={o.date} dateStyle="medium" /></Table.Td>
              <Table.Td>
                <OrderStatusBadge status={o.status} />
                {o.awaiting_delivery_confirmation ? (
                  <div><small><FormattedMessage id="orders.awaitingConfirmation" /></small></div>
                ) : null}
              </Table.Td>
              {showOrganisation ? <Table.Td>{o.organisation_name}</Table.Td> : null}
              {full ? <Table.Td>{o.products}</Table.Td> : null}
              {full ? <Table.Td>{o.ordered_by}</Table.Td> : null}
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}><Money cents={o.total_incl_vat} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
