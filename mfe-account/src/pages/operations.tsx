import { FormattedMessage, useIntl } from 'react-intl';
import { API_ERRORS } from '@portal/shared/schemas/account';
import { Button, Group, PageIntro, Stack, Text } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { useOperations } from '../features/operations/api/operations';
import { OperationsFiguresView } from '../features/operations/components/operations-figures';
import { failureOf } from '../lib/failure';
import { FailedNotice } from '../lib/saved-notice';

/**
 * The supplier staff's operations page (issue 43, decision 081): orders per hour, API errors, the
 * work queues, failed deliveries, job failures and the last backup, read again every half minute,
 * each with a status in words. A customer is told the page is not theirs.
 */
export default function OperationsPage() {
  const intl = useIntl();
  const operations = useOperations();
  const intro = <PageIntro titleId="title.operations" introId="account.operations.intro" />;
  if (operations.isError && failureOf(operations.error).code === API_ERRORS.STAFF_ONLY) {
    return (
      <>
        {intro}
        <FailedNotice title={<FormattedMessage id="account.operations.staffOnly.title" />}>
          <FormattedMessage id="account.operations.staffOnly.message" />
        </FailedNotice>
      </>
    );
  }
  const data = operations.data;
  return (
    <>
      {intro}
      <Stack gap="lg">
        <StateRegion
          status={operations.status}
          loadingLabel={intl.formatMessage({ id: 'account.loading' })}
          errorTitle={intl.formatMessage({ id: 'account.error.load' })}
          onRetry={() => void operations.refetch()}
          retryLabel={intl.formatMessage({ id: 'account.retry' })}
        >
          {data && (
            <Stack gap="lg">
              <Group justify="space-between" align="center">
                <Text>
                  <span data-testid="operations-updated">
                    <FormattedMessage id="account.operations.updated" values={{ time: intl.formatTime(data.generated_at, { timeStyle: 'medium' }) }} />
                  </span>
                </Text>
                <Button variant="default" onClick={() => void operations.refetch()} loading={operations.isFetching}>
                  <FormattedMessage id="account.operations.refresh" />
                </Button>
              </Group>
              {data.recording ? (
                <>
                  <Text variant="subtext">
                    <FormattedMessage id="account.operations.instance" values={{ time: intl.formatDate(data.instance_started_at, { dateStyle: 'medium', timeStyle: 'short' }) }} />
                  </Text>
                  <OperationsFiguresView figures={data} />
                </>
              ) : (
                <FailedNotice title={<FormattedMessage id="account.operations.off.title" />}>
                  <FormattedMessage id="account.operations.off.message" />
                </FailedNotice>
              )}
            </Stack>
          )}
        </StateRegion>
      </Stack>
    </>
  );
}
