// Staff send an invoice's failed e-invoice delivery again (issue 30): it goes to the customer over
// Peppol or by mail, so the case manager is asked first (components/confirmed-retry.tsx).
import { useIntl } from 'react-intl';
import type { InvoiceDeliveryStatus } from '@portal/shared/schemas/orders';
import { ConfirmedRetry } from '../../../components/confirmed-retry';
import { useRetryDelivery } from '../api/retry-delivery';

/** Whether the delivery can be sent again (the API says INVOICE_DELIVERY_NOT_FAILED otherwise). */
export const isRetryable = (invoice: { delivery_status: InvoiceDeliveryStatus }) => invoice.delivery_status === 'failed';

export function RetryDelivery({ invoice, size = 'xs' }: { invoice: { id: string; number: string }; size?: 'xs' | 'sm' }) {
  const intl = useIntl();
  const retry = useRetryDelivery(invoice.id);
  const values = { number: invoice.number };
  const texts = {
    title: intl.formatMessage({ id: 'invoices.delivery.retryConfirmTitle' }, values),
    message: intl.formatMessage({ id: 'invoices.delivery.retryConfirmMessage' }, values),
    done: intl.formatMessage({ id: 'invoices.delivery.retried' }, values),
    label: intl.formatMessage({ id: 'invoices.delivery.retryFor' }, values),
  };
  return <ConfirmedRetry retry={retry} texts={texts} size={size} testId="invoice-retry-delivery" />;
}
