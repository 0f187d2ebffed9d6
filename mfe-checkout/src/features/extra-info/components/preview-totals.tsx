import { FormattedMessage, useIntl } from 'react-intl';
import type { ShopType } from '@portal/shared/api';
import type { CheckoutPreviewRequest } from '@portal/shared/schemas/checkout';
import { Stack, Title } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { TotalsTable } from '../../../components/totals-table';
import { usePreview } from '../api/get-preview';

/** What the order will cost with the choices so far, as the server computes it. */
export function PreviewTotals({ shop, request, inclVat }: { shop: ShopType; request: CheckoutPreviewRequest; inclVat: boolean }) {
  const intl = useIntl();
  const preview = usePreview(shop, request, true);
  const totals = preview.data?.totals;
  return (
    <Stack gap="xs" aria-busy={preview.isFetching || undefined}>
      <Title order={2} size="h4">
        <FormattedMessage id="checkout.totals.title" />
      </Title>
      <StateRegion
        status={preview.status}
        loadingLabel={intl.formatMessage({ id: 'checkout.totals.loading' })}
        errorTitle={<FormattedMessage id="checkout.totals.failed" />}
        onRetry={() => void preview.refetch()}
        retryLabel={<FormattedMessage id="checkout.retry" />}
      >
        {totals ? (
          <TotalsTable
            excl_vat={totals.excl_vat}
            incl_vat={totals.incl_vat}
            vat={totals.vat}
            shipping_excl_vat={request.shipping_method ? totals.shipping_excl_vat : undefined}
            discount_excl_vat={totals.discount_excl_vat}
            inclVat={inclVat}
          />
        ) : null}
      </StateRegion>
    </Stack>
  );
}
