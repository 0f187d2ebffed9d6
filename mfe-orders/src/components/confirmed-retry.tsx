// Sending a document again goes to the customer, which the page cannot take back: the person is
// asked first, the promise says it worked in a toast (the row or button may be gone before the
// mutation's own callback), and a failure shows below the button. One place for an invoice's
// "Retry delivery" and the staff's failed deliveries (issue 44.8, decision 083).
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Stack, confirmAction, showToast } from '@portal/shared/ui';
import { ActionError } from './error-message';

export interface ConfirmedRetryProps {
  retry: { mutateAsync: () => Promise<unknown>; isPending: boolean; error: unknown };
  /** Translated: the question's title and text, the toast once queued, the button's accessible name. */
  texts: { title: string; message: string; done: string; label: string };
  size?: 'xs' | 'sm';
  testId: string;
}

export function ConfirmedRetry({ retry, texts, size = 'xs', testId }: ConfirmedRetryProps) {
  const intl = useIntl();
  const ask = () => {
    void confirmAction({
      title: texts.title,
      message: texts.message,
      confirmLabel: intl.formatMessage({ id: 'invoices.delivery.retry' }),
      cancelLabel: intl.formatMessage({ id: 'orders.confirm.cancel' }),
    }).then((yes) => {
      if (!yes) return;
      retry
        .mutateAsync()
        .then(() => showToast({ type: 'success', title: texts.done }))
        .catch(() => undefined);
    });
  };
  return (
    <Stack gap={4} align="flex-start">
      <Button size={size} variant="default" onClick={ask} loading={retry.isPending} aria-label={texts.label} data-testid={testId}>
        <FormattedMessage id="invoices.delivery.retry" />
      </Button>
      <ActionError error={retry.error} />
    </Stack>
  );
}
