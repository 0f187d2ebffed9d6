// Staff record that an open or overdue invoice was paid (issue 30): the buyer sees it at once and it
// is not taken back from the page, so the case manager is asked first (decision 044).
import { FormattedMessage, useIntl } from 'react-intl';
import type { InvoiceStatus } from '@portal/shared/schemas/orders';
import { Button, Stack, confirmAction } from '@portal/shared/ui';
import { useRecordPayment } from '../api/record-payment';
import { ActionError } from '../../../components/error-message';

/** Whether a payment can be recorded on an invoice in this state (the API says INVOICE_NOT_PAYABLE otherwise). */
export const isPayable = (invoice: { kind: string; status: InvoiceStatus }) => invoice.kind === 'invoice' && (invoice.status === 'open' || invoice.status === 'overdue');

export function PaymentReceived({ invoice, size = 'xs' }: { invoice: { id: string; number: string; amount_due: number; currency: string }; size?: 'xs' | 'sm' }) {
  const intl = useIntl();
  const record = useRecordPayment(invoice.id);
  const ask = () => {
    const amount = intl.formatNumber(invoice.amount_due / 100, { style: 'currency', currency: invoice.currency });
    void confirmAction({
      title: intl.formatMessage({ id: 'invoices.payment.confirmTitle' }, { number: invoice.number }),
      message: intl.formatMessage({ id: 'invoices.payment.confirmMessage' }, { number: invoice.number, amount }),
      confirmLabel: intl.formatMessage({ id: 'invoices.payment.received' }),
      cancelLabel: intl.formatMessage({ id: 'orders.confirm.cancel' }),
    }).then((yes) => {
      if (yes) record.mutate({});
    });
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size={size}
        onClick={ask}
        loading={record.isPending}
        aria-label={intl.formatMessage({ id: 'invoices.payment.receivedFor' }, { number: invoice.number })}
        data-testid="invoice-payment-received"
      >
        <FormattedMessage id="invoices.payment.received" />
      </Button>
      <ActionError error={record.error} />
    </Stack>
  );
}
