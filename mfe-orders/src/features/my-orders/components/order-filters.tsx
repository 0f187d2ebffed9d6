// Search and filters of the list. The search is submitted (Enter or the button), not sent per key.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ORDER_STATUSES } from '@portal/shared/schemas/orders';
import { Button, Group } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { useIsStaff } from '../../../hooks/use-is-staff';
import type { OrderParams } from '../hooks/use-order-params';

export function OrderFilters({ state, onChange }: { state: OrderParams; onChange: (patch: Partial<OrderParams>) => void }) {
  const intl = useIntl();
  // A case manager searches the customers' order numbers, not "your" order number (issue 32).
  const staff = useIsStaff();
  const [q, setQ] = useState(state.q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ q: q.trim() });
  };
  return (
    <form role="search" aria-label={intl.formatMessage({ id: 'orders.search.label' })} onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Input
          label={<FormattedMessage id="orders.search.label" />}
          description={<FormattedMessage id={staff ? 'orders.search.hint.staff' : 'orders.search.hint'} />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          type="search"
          name="q"
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit">
          <FormattedMessage id="orders.search.submit" />
        </Button>
        <NativeSelect
          label={<FormattedMessage id="orders.filter.status" />}
          value={state.status ?? ''}
          onChange={(e) => onChange({ status: (e.currentTarget.value || null) as OrderParams['status'] })}
          data={[
            { value: '', label: intl.formatMessage({ id: 'orders.filter.allStatuses' }) },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: intl.formatMessage({ id: `status.order.${s}` }) })),
          ]}
        />
        <Input label={<FormattedMessage id="orders.filter.from" />} type="date" value={state.from} onChange={(e) => onChange({ from: e.currentTarget.value })} />
        <Input label={<FormattedMessage id="orders.filter.to" />} type="date" value={state.to} onChange={(e) => onChange({ to: e.currentTarget.value })} />
      </Group>
    </form>
  );
}
