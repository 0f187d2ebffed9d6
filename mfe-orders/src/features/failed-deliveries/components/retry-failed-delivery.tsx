// Staff send a failed e-invoice or Despatch Advice again (decision 083), asked first as for an
// invoice's "Retry delivery" (components/confirmed-retry.tsx).
import { useIntl } from 'react-intl';
import type { FailedDelivery } from '@portal/shared/schemas/orders';
import { ConfirmedRetry } from '../../../components/confirmed-retry';
import { useRetryFailedDelivery } from '../api/failed-deliveries';

export function RetryFailedDelivery({ item }: { item: FailedDelivery }) {
  const intl = useIntl();
  const retry = useRetryFailedDelivery(item);
  const values = { reference: item.reference };
  const kind = item.document_kind === 'invoice' ? 'invoice' : 'despatchAdvice';
  const texts = {
    title: intl.formatMessage({ id: `deliveries.failed.retryConfirmTitle.${kind}` }, values),
    message: intl.formatMessage({ id: `deliveries.failed.retryConfirmMessage.${kind}` }, values),
    done: intl.formatMessage({ id: 'deliveries.failed.retried' }, values),
    label: intl.formatMessage({ id: `deliveries.failed.retryFor.${kind}` }, values),
  };
  return <ConfirmedRetry retry={retry} texts={texts} testId="failed-delivery-retry" />;
}
