// Staff send a failed e-invoice or Despatch Advice again (decision 083). It goes to the customer,
// which the page cannot take back, so they are asked first, as for an invoice's "Retry delivery".
import { FormattedMessage, useIntl } from 'react-intl';
import type { FailedDelivery } from '@portal/shared/schemas/orders';
import { Button, Stack, confirmAction, showToast } from '@portal/shared/ui';
import { ActionError } from '../../../components/error-message';
import { useRetryFailedDelivery } from '../api/failed-deliveries';

export function RetryFailedDelivery({ item }: { item: FailedDelivery }) {
  const intl = useIntl();
  const retry = useRetryFailedDelivery(item);
  const values = { reference: item.reference };
  const kind = item.document_kind === 'invoice' ? 'invoice' : 'despatchAdvice';
  const ask = () => {
    void confirmAction({
      title: intl.formatMessage({ id: `deliveries.failed.retryConfirmTitle.${kind}` }, values),
      message: intl.formatMessage({ id: `deliveries.failed.retryConfirmMessage.${kind}` }, values),
      confirmLabel: intl.formatMessage({ id: 'invoices.delivery.retry' }),
      cancelLabel: intl.formatMessage({ id: 'orders.confirm.cancel' }),
    }).then((yes) => {
      if (!yes) return;
      // The row leaves the page once queued, so the toast says it worked; a failure shows below.
      retry
        .mutateAsync()
        .then(() => showToast({ type: 'success', title: intl.formatMessage({ id: 'deliveries.failed.retried' }, values) }))
        .catch(() => undefined);
    });
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="xs"
        variant="default"
        onClick={ask}
        loading={retry.isPending}
        aria-label={intl.formatMessage({ id: `deliveries.failed.retryFor.${kind}` }, values)}
        data-testid="failed-delivery-retry"
      >
        <FormattedMessage id="invoices.delivery.retry" />
      </Button>
      <ActionError error={retry.error} />
    </Stack>
  );
}
