// A failed list action in words: the API's stable code picks the sentence, anything else is generic.
import { FormattedMessage } from 'react-intl';
import { isApiError } from '@portal/shared/api';
import { ORDER_LIST_ERRORS } from '@portal/shared/schemas/shop';
import { Notice } from '@portal/shared/ui';

const BY_CODE: Record<string, string> = {
  [ORDER_LIST_ERRORS.NOT_FOUND]: 'catalog.lists.error.notFound',
  [ORDER_LIST_ERRORS.NOT_MANAGER]: 'catalog.lists.error.notManager',
  [ORDER_LIST_ERRORS.PRODUCT_NOT_FOUND]: 'catalog.lists.error.product',
  [ORDER_LIST_ERRORS.LINE_NOT_FOUND]: 'catalog.lists.error.line',
  [ORDER_LIST_ERRORS.TOO_MANY_LINES]: 'catalog.lists.error.tooMany',
  [ORDER_LIST_ERRORS.ORGANISATION_ONLY]: 'catalog.lists.webshop',
};

export function ListActionError({ error }: { error: unknown }) {
  if (!error) return null;
  const id = (isApiError(error) && BY_CODE[error.code]) || 'catalog.lists.error.generic';
  return (
    <Notice tone="red" role="alert" testId="list-action-error">
      <FormattedMessage id={id} />
    </Notice>
  );
}
