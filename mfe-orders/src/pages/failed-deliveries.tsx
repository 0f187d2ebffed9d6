import { FormattedMessage, useIntl } from 'react-intl';
import { isApiError } from '@portal/shared/api';
import { INVOICE_DELIVERY_ERRORS } from '@portal/shared/schemas/orders';
import { Notice, PageIntro, Stack, Text } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { useFailedDeliveries } from '../features/failed-deliveries/api/failed-deliveries';
import { FailedDeliveriesTable } from '../features/failed-deliveries/components/failed-deliveries-table';
import { FeatureMessages } from '../components/feature-messages';
import { failedDeliveryTexts } from '../features/failed-deliveries/own-messages';

/**
 * The staff's failed deliveries (decision 083): the e-invoices and the shipments' Despatch Advices
 * the delivery gave up on, among the organisations assigned to them, each with its retry: what the
 * PortalEInvoiceDeliveryFailed alert and the operations page count. A customer is told it is not theirs.
 */
export default function FailedDeliveriesPage() {
  return (
    <FeatureMessages load={failedDeliveryTexts}>
      <FailedDeliveries />
    </FeatureMessages>
  );
}

function FailedDeliveries() {
  const intl = useIntl();
  const failed = useFailedDeliveries();
  const intro = <PageIntro titleId="title.failed_deliveries" introId="deliveries.failed.intro" />;
  if (isApiError(failed.error) && failed.error.code === INVOICE_DELIVERY_ERRORS.STAFF_ONLY) {
    return (
      <>
        {intro}
        <Notice tone="red" role="status" title={<FormattedMessage id="deliveries.failed.staffOnly.title" />} testId="failed-deliveries-staff-only">
          <FormattedMessage id="deliveries.failed.staffOnly.message" />
        </Notice>
      </>
    );
  }
  const items = failed.data?.items;
  return (
    <>
      {intro}
      <Stack gap="md">
        <div role="status" aria-live="polite" data-testid="failed-deliveries-count">
          <Text variant="subtext">{items ? <FormattedMessage id="deliveries.failed.count" values={{ count: items.length }} /> : null}</Text>
        </div>
        <StateRegion
          status={failed.status}
          isEmpty={items?.length === 0}
          loadingLabel={intl.formatMessage({ id: 'deliveries.failed.loading' })}
          skeletonRows={3}
          errorTitle={<FormattedMessage id="deliveries.failed.error" />}
          onRetry={() => void failed.refetch()}
          retryLabel={<FormattedMessage id="orders.retry" />}
          empty={
            <div data-testid="failed-deliveries-empty">
              <Text>
                <FormattedMessage id="deliveries.failed.empty" />
              </Text>
            </div>
          }
        >
          {items ? <FailedDeliveriesTable items={items} /> : null}
        </StateRegion>
      </Stack>
    </>
  );
}
