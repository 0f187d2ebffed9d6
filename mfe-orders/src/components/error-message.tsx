// A failed action in words: the API's stable code picks the sentence, anything else is generic.
import { FormattedMessage } from 'react-intl';
import { isApiError } from '@portal/shared/api';
import { DESPATCH_DELIVERY_ERRORS, INVOICE_DELIVERY_ERRORS, INVOICE_ERRORS, ORDER_HISTORY_ERRORS, QUOTATION_ERRORS } from '@portal/shared/schemas/orders';
import { Notice } from '@portal/shared/ui';

const BY_CODE: Record<string, string> = {
  [ORDER_HISTORY_ERRORS.NOT_FOUND]: 'orders.error.notFound',
  [ORDER_HISTORY_ERRORS.TRANSITION_NOT_ALLOWED]: 'orders.error.transition',
  [ORDER_HISTORY_ERRORS.TRANSITION_FORBIDDEN]: 'orders.error.forbidden',
  [ORDER_HISTORY_ERRORS.PAYMENT_STATE]: 'orders.error.payment',
  [ORDER_HISTORY_ERRORS.DELIVERY_NOT_CONFIRMABLE]: 'orders.error.notConfirmable',
  [ORDER_HISTORY_ERRORS.UNKNOWN_LINE]: 'orders.error.unknownLine',
  [QUOTATION_ERRORS.NOT_FOUND]: 'quotations.error.notFound',
  [QUOTATION_ERRORS.LOCKED]: 'quotations.locked',
  [QUOTATION_ERRORS.WRONG_STATUS]: 'quotations.error.wrongStatus',
  [QUOTATION_ERRORS.EMPTY]: 'quotations.error.empty',
  [QUOTATION_ERRORS.EXPIRED]: 'quotations.error.expired',
  [QUOTATION_ERRORS.ROLE]: 'orders.error.forbidden',
  [QUOTATION_ERRORS.PRODUCT_NOT_FOUND]: 'quotations.error.product',
  [INVOICE_ERRORS.NOT_FOUND]: 'invoices.error.notFound',
  [INVOICE_ERRORS.NOT_PAYABLE]: 'invoices.error.notPayable',
  [INVOICE_ERRORS.CREDIT_EXCEEDS_INVOICE]: 'invoices.error.creditExceeds',
  [INVOICE_DELIVERY_ERRORS.NOT_FAILED]: 'deliveries.failed.error.notFailed',
  [INVOICE_DELIVERY_ERRORS.STAFF_ONLY]: 'deliveries.failed.staffOnly.message',
  [DESPATCH_DELIVERY_ERRORS.NOT_FOUND]: 'deliveries.failed.error.notFound',
};

export function errorMessageId(error: unknown): string {
  return (isApiError(error) && BY_CODE[error.code]) || 'orders.error.generic';
}

export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Notice tone="red" role="alert" testId="action-error">
      <FormattedMessage id={errorMessageId(error)} />
    </Notice>
  );
}
