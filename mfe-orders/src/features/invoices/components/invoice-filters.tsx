// The list's filters: status and issue period, applied at once. The order filter comes from a link
// (an order's "its invoices"), so it is shown as what it is, with a way back to every invoice.
import { FormattedMessage, useIntl } from 'react-intl';
import { INVOICE_STATUSES } from '@portal/shared/schemas/orders';
import { Button, Group } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import type { InvoiceParams } from '../hooks/use-invoice-params';

export function InvoiceFilters({ state, orderNumber, onChange }: { state: InvoiceParams; orderNumber: string | null; onChange: (patch: Partial<InvoiceParams>) => void }) {
  const intl = useIntl();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="group" aria-label={intl.formatMessage({ id: 'invoices.filter.label' })} data-testid="invoice-filters">
      <NativeSelect
        label={<FormattedMessage id="invoices.filter.status" />}
        value={state.status ?? ''}
        onChange={(e) => onChange({ status: (e.currentTarget.value || null) as InvoiceParams['status'] })}
        data={[
          { value: '', label: intl.formatMessage({ id: 'invoices.filter.allStatuses' }) },
          ...INVOICE_STATUSES.map((s) => ({ value: s, label: intl.formatMessage({ id: `invoices.status.${s}` }) })),
        ]}
      />
      <Input label={<FormattedMessage id="invoices.filter.from" />} type="date" value={state.from} max={state.to || undefined} onChange={(e) => onChange({ from: e.currentTarget.value })} />
      <Input label={<FormattedMessage id="invoices.filter.to" />} type="date" value={state.to} min={state.from || undefined} onChange={(e) => onChange({ to: e.currentTarget.value })} />
      {state.order ? (
        <Group gap="xs" align="center" data-testid="invoice-order-filter">
          <span>
            <FormattedMessage id={orderNumber ? 'invoices.filter.order' : 'invoices.filter.oneOrder'} values={{ number: orderNumber ?? '' }} />
          </span>
          <Button variant="outline" size="xs" onClick={() => onChange({ order: '' })}>
            <FormattedMessage id="invoices.filter.allOrders" />
          </Button>
        </Group>
      ) : null}
    </Group>
  );
}
