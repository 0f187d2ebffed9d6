// The supplier's moves on an order (case manager, sales consultant): the next status the API
// offers; shipping asks for the tracking reference and the expected delivery date.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OrderDetail, OrderStatus } from '@portal/shared/schemas/orders';
import { Button, Group, Stack, confirmAction } from '@portal/shared/ui';
import { Input } from '@portal/shared/ui/forms';
import { useMoveOrder } from '../api/move-order';
import { ActionError } from '../../../components/error-message';

export function StaffMove({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  const move = useMoveOrder(order.id);
  const [tracking, setTracking] = useState('');
  const [expected, setExpected] = useState('');
  const [missing, setMissing] = useState(false);
  if (!order.next_statuses.length) return null;
  const submit = (to: OrderStatus) => (e: FormEvent) => {
    e.preventDefault();
    if (to === 'in_shipping' && (!tracking.trim() || !expected)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    // The customer sees every move at once and it cannot be taken back: ask first (issue 32).
    const status = intl.formatMessage({ id: `status.order.${to}` });
    void confirmAction({
      title: intl.formatMessage({ id: 'orders.confirm.move.title' }, { number: order.number, status }),
      message: intl.formatMessage({ id: 'orders.confirm.move.message' }, { status }),
      confirmLabel: intl.formatMessage({ id: 'orders.staff.moveTo' }, { status }),
      cancelLabel: intl.formatMessage({ id: 'orders.confirm.cancel' }),
    }).then((yes) => {
      if (yes) move.mutate(to === 'in_shipping' ? { status: to, tracking_reference: tracking.trim(), expected_delivery_on: expected } : { status: to });
    });
  };
  return (
    <Stack gap="sm" data-testid="staff-move">
      {order.next_statuses.map((to) => (
        <form key={to} onSubmit={submit(to)} aria-label={intl.formatMessage({ id: 'orders.staff.moveTo' }, { status: intl.formatMessage({ id: `status.order.${to}` }) })}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            {to === 'in_shipping' ? (
              <>
                <Input label={<FormattedMessage id="orders.staff.tracking" />} value={tracking} onChange={(e) => setTracking(e.currentTarget.value)} required error={missing && !tracking.trim() ? <FormattedMessage id="validation.required" /> : undefined} />
                <Input label={<FormattedMessage id="orders.staff.expected" />} type="date" value={expected} onChange={(e) => setExpected(e.currentTarget.value)} required error={missing && !expected ? <FormattedMessage id="validation.required" /> : undefined} />
              </>
            ) : null}
            <Button type="submit" loading={move.isPending}>
              <FormattedMessage id="orders.staff.moveTo" values={{ status: intl.formatMessage({ id: `status.order.${to}` }) }} />
            </Button>
          </Group>
        </form>
      ))}
      <ActionError error={move.error} />
    </Stack>
  );
}
