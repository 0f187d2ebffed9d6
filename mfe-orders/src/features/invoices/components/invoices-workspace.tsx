// Invoices and credit notes: the filters, the count, the table, paging and the empty state. The
// state is the URL's, so an invoice's page links back to the list as it was filtered.
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Stack, Text } from '@portal/shared/ui';
import { Pagination } from '@portal/shared/ui/paging';
import { StateRegion } from '@portal/shared/ui/status';
import { useInvoices } from '../api/list-invoices';
import { toInvoiceQuery, useInvoiceParams } from '../hooks/use-invoice-params';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceTable } from './invoice-table';

export function InvoicesWorkspace({ staff }: { staff: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const { state, update, search } = useInvoiceParams();
  const invoices = useInvoices(toInvoiceQuery(state));
  const data = invoices.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const suffix = search ? `?${search}` : '';
  const hrefOf = (id: string) => `/${locale}/invoices/${encodeURIComponent(id)}${suffix}`;
  const filtered = Boolean(state.status || state.from || state.to || state.order || state.organisation);
  // The order's number, for the order filter's words: every row of that filter is of that order.
  const orderNumber = state.order ? (data?.items.find((i) => i.order.id === state.order)?.order.number ?? null) : null;

  return (
    <Stack gap="md">
      <InvoiceFilters state={state} orderNumber={orderNumber} onChange={update} />
      <div role="status" aria-live="polite" data-testid="invoices-count">
        <Text variant="subtext">{data ? <FormattedMessage id="invoices.list.count" values={{ count: data.total }} /> : null}</Text>
      </div>
      <StateRegion
        status={invoices.status}
        isEmpty={data?.items.length === 0}
        loadingLabel={intl.formatMessage({ id: 'invoices.list.loading' })}
        skeletonRows={5}
        errorTitle={<FormattedMessage id="invoices.list.error" />}
        onRetry={() => void invoices.refetch()}
        retryLabel={<FormattedMessage id="orders.retry" />}
        empty={
          <div data-testid="invoices-empty">
            <Text>
              <FormattedMessage id={filtered ? 'invoices.list.emptyFiltered' : staff ? 'invoices.list.empty.staff' : 'invoices.list.empty'} />
            </Text>
          </div>
        }
      >
        {data ? <InvoiceTable items={data.items} hrefOf={hrefOf} staff={staff} /> : null}
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
}
