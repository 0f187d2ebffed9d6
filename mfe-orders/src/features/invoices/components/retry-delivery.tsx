// Staff send an invoice's failed e-invoice delivery again (issue 30): it goes to the customer over
// Peppol or by mail, which the page cannot take back, so the case manager is asked first, as for
// "Payment received".
import { FormattedMessage, useIntl } from 'react-intl';
import type { InvoiceDeliveryStatus } from '@portal/shared/schemas/orders';
import { Button, Stack, confirmAction, showToast } from '@portal/shared/ui';
import { useRetryDelivery } from '../api/retry-delivery';
import { ActionError } from '../../../components/error-message';

/** Whether the delivery can be sent again (the API says INVOICE_DELIVERY_NOT_FAILED otherwise). */
export const isRetryable = (invoice: { delivery_status: InvoiceDeliveryStatus }) => invoice.delivery_status === 'failed';

export function RetryDelivery({ invoice, size = 'xs' }: { invoice: { id: string; number: string }; size?: 'xs' | 'sm' }) {
  const intl = useIntl();
  const retry = useRetryDelivery(invoice.id);
  const ask = () => {
    void confirmAction({
      title: intl.formatMessage({ id: 'invoices.delivery.retryConfirmTitle' }, { number: invoice.number }),
      message: intl.formatMessage({ id: 'invoices.delivery.retryConfirmMessage' }, { number: invoice.number }),
      confirmLabel: intl.formatMessage({ id: 'invoices.delivery.retry' }),
      cancelLabel: intl.formatMessage({ id: 'orders.confirm.cancel' }),
    }).then((yes) => {
      if (!yes) return;
      // The button leaves with the failed status (the row may be gone before mutate's own callback),
      // so the promise says it worked, in a toast (issue 44.8: there was no feedback). A failure is
      // shown by ActionError below.
      retry
        .mutateAsync()
        .then(() => showToast({ type: 'success', title: intl.formatMessage({ id: 'invoices.delivery.retried' }, { number: invoice.number }) }))
        .catch(() => undefined);
    });
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size={size}
        variant="default"
        onClick={ask}
        loading={retry.isPending}
        aria-label={intl.formatMessage({ id: 'invoices.delivery.retryFor' }, { number: invoice.number })}
        data-testid="invoice-retry-delivery"
      >
        <FormattedMessage id="invoices.delivery.retry" />
      </Button>
      <ActionError error={retry.error} />
    </Stack>
  );
}
