import { FormattedMessage, useIntl } from 'react-intl';
import { isApiError, type ShopType } from '@portal/shared/api';
import { CHECKOUT_ERRORS, MESSAGE_KEYS, type CheckoutPreviewRequest } from '@portal/shared/schemas/checkout';
import { Stack, Title } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { TotalsTable } from '../../../components/totals-table';
import { usePreview } from '../api/get-preview';
import { PreviewLines } from './preview-lines';

/** What the order will cost with the choices so far, as the server computes it. */
/** `showLines`: the lines too (a quotation's, at its quoted prices: there is no cart page before this step). */
export function PreviewTotals({ shop, request, inclVat, showLines = false }: { shop: ShopType; request: CheckoutPreviewRequest; inclVat: boolean; showLines?: boolean }) {
  const intl = useIntl();
  const preview = usePreview(shop, request, true);
  const totals = preview.data?.totals;
  // The order's maximum (decision 035) is the buyer's to act on (split the order), not a failure to retry.
  const tooLarge = isApiError(preview.error) && preview.error.code === CHECKOUT_ERRORS.AMOUNT_TOO_LARGE ? preview.error.problem?.errors?.[0] : undefined;
  return (
    <Stack gap="xs" aria-busy={preview.isFetching || undefined}>
      <Title order={2} size="h4" id="checkout-summary-heading">
        <FormattedMessage id="checkout.totals.title" />
      </Title>
      <StateRegion
        status={preview.status}
        loadingLabel={intl.formatMessage({ id: 'checkout.totals.loading' })}
        errorTitle={
          tooLarge ? <FormattedMessage id={MESSAGE_KEYS.orderAmountTooLarge} values={tooLarge.values} /> : <FormattedMessage id="checkout.totals.failed" />
        }
        onRetry={() => void preview.refetch()}
        retryLabel={<FormattedMessage id="checkout.retry" />}
      >
        {showLines && preview.data ? <PreviewLines lines={preview.data.lines} inclVat={inclVat} /> : null}
        {totals ? (
          <TotalsTable
            excl_vat={totals.excl_vat}
            incl_vat={totals.incl_vat}
            vat={totals.vat}
            shipping_excl_vat={request.shipping_method ? totals.shipping_excl_vat : undefined}
            discount_excl_vat={totals.discount_excl_vat}
            inclVat={inclVat}
            shop={shop}
            vatMentions={totals.vat_mentions}
          />
        ) : null}
      </StateRegion>
    </Stack>
  );
}
