// My orders: the list with its search and filters, and the open order beside it on a wide screen.
// On a narrow screen an open order is the page (with a way back to the list).
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Box, Grid, Stack, Text } from '@portal/shared/ui';
import { Pagination } from '@portal/shared/ui/paging';
import { StateRegion } from '@portal/shared/ui/status';
import { useOrders } from '../api/list-orders';
import { useIsStaff } from '../../../hooks/use-is-staff';
import { toOrderQuery, useOrderParams } from '../hooks/use-order-params';
import { OrderDetailPane, type OrderInvoicesSlot } from './order-detail-pane';
import { OrderFilters } from './order-filters';
import { OrderTable } from './order-table';

export function OrdersWorkspace({ openNumber, invoices }: { openNumber?: string; invoices?: OrderInvoicesSlot }) {
  const intl = useIntl();
  const locale = useLocale();
  const isStaff = useIsStaff();
  const { state, update, search } = useOrderParams();
  const orders = useOrders(toOrderQuery(state));
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const suffix = search ? `?${search}` : '';
  const hrefOf = (number: string) => `/${locale}/my-orders/${encodeURIComponent(number)}${suffix}`;
  const filtered = Boolean(state.q || state.status || state.from || state.to);

  const list = (
    <Stack gap="md">
      <OrderFilters key={state.q} state={state} onChange={update} />
      <div role="status" aria-live="polite" data-testid="orders-count">
        <Text variant="subtext">{data ? <FormattedMessage id={data.total_capped ? 'orders.list.countCapped' : 'orders.list.count'} values={{ count: data.total }} /> : null}</Text>
      </div>
      <StateRegion
        status={orders.status}
        isEmpty={data?.items.length === 0}
        loadingLabel={intl.formatMessage({ id: 'orders.list.loading' })}
        skeletonRows={5}
        errorTitle={<FormattedMessage id="orders.list.error" />}
        onRetry={() => void orders.refetch()}
        retryLabel={<FormattedMessage id="orders.retry" />}
        empty={<Text><FormattedMessage id={filtered ? 'orders.list.emptyFiltered' : 'orders.list.empty'} /></Text>}
      >
        {data ? <OrderTable items={data.items} hrefOf={hrefOf} current={openNumber} showOrganisation={isStaff} /> : null}
      </StateRegion>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={state.page}
          onChange={(page) => update({ page })}
          getItemProps={(page) => ({ 'aria-label': intl.formatMessage({ id: 'orders.list.page' }, { page }) })}
          getControlProps={(control) => ({ 'aria-label': intl.formatMessage({ id: `orders.list.${control}` }) })}
        />
      ) : null}
    </Stack>
  );

  if (!openNumber) return list;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }} visibleFrom="lg">
        {list}
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap="sm">
          <Box hiddenFrom="lg">
            <Link to={`/${locale}/my-orders${suffix}`}><FormattedMessage id="orders.detail.back" /></Link>
          </Box>
          <OrderDetailPane number={openNumber} invoices={invoices} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
