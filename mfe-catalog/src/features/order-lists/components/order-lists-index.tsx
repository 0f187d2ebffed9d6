// The buyer's order lists and the ones shared with their organisation; a new list; and, arriving
// from a past order's "add all lines to a list" (/order-lists?order=<number>), the add dialog with
// that order's lines.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { portalApi } from '@portal/shared/api';
import { useLocale } from '@portal/shared/navigation';
import { Link, useSearchParams } from '@portal/shared/router';
import { OrderDetailSchema } from '@portal/shared/schemas/orders';
import { Button, Stack, Text } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { StateRegion, ToneBadge } from '@portal/shared/ui/status';
import { useOrderLists } from '../../../lib/order-lists-api';
import { AddToListDialog } from '../../../components/lazy-add-to-list-dialog';

const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

/** A past order's lines, as list lines (a line whose product no longer exists cannot go on a list). */
function useOrderLines(number: string | null) {
  return useQuery({
    queryKey: ['order-lists', 'from-order', number],
    enabled: !!number,
    queryFn: async ({ signal }) => {
      const order = await portalApi({ shop: 'portal' }).get(`/my-orders/${encodeURIComponent(number!)}`, { schema: OrderDetailSchema, signal });
      return order.lines.flatMap((l) => (l.product_id ? [{ product_id: l.product_id, quantity: l.quantity }] : []));
    },
  });
}

export function OrderListsIndex() {
  const intl = useIntl();
  const locale = useLocale();
  const lists = useOrderLists();
  const [search, setSearch] = useSearchParams();
  const orderNumber = ORDER_NUMBER.test(search.get('order') ?? '') ? search.get('order') : null;
  const fromOrder = useOrderLines(orderNumber);
  const [creating, setCreating] = useState(false);
  const items = lists.data?.items ?? [];
  const closeFromOrder = () => {
    const next = new URLSearchParams(search);
    next.delete('order');
    setSearch(next, { replace: true });
  };
  return (
    <Stack gap="md">
      <Button onClick={() => setCreating(true)} style={{ alignSelf: 'flex-start' }}>
        <FormattedMessage id="catalog.lists.create" />
      </Button>
      {creating ? <AddToListDialog opened onClose={() => setCreating(false)} lines={[]} /> : null}
      {orderNumber && fromOrder.data ? <AddToListDialog opened onClose={closeFromOrder} lines={fromOrder.data} suggestedName={orderNumber} /> : null}
      <StateRegion
        status={lists.status}
        isEmpty={items.length === 0}
        loadingLabel={intl.formatMessage({ id: 'catalog.lists.loading' })}
        errorTitle={<FormattedMessage id="catalog.lists.error.list" />}
        onRetry={() => void lists.refetch()}
        retryLabel={<FormattedMessage id="catalog.lists.retry" />}
        empty={<Text><FormattedMessage id="catalog.lists.empty" /></Text>}
      >
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label={intl.formatMessage({ id: 'catalog.lists.caption' })} data-testid="order-lists-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col"><FormattedMessage id="catalog.lists.field.name" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="catalog.lists.col.owner" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="catalog.lists.col.lines" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="catalog.lists.col.changed" /></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((l) => (
                <Table.Tr key={l.id} data-list={l.name}>
                  <Table.Td>
                    <Link to={`/${locale}/order-lists/${l.id}`}>{l.name}</Link>{' '}
                    {l.shared ? <ToneBadge tone="info"><FormattedMessage id="catalog.lists.shared" /></ToneBadge> : null}
                  </Table.Td>
                  <Table.Td>{l.mine ? <FormattedMessage id="catalog.lists.you" /> : l.owner_name}</Table.Td>
                  <Table.Td>{l.line_count}</Table.Td>
                  <Table.Td><FormattedDate value={l.updated_at} dateStyle="medium" /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </StateRegion>
    </Stack>
  );
}
