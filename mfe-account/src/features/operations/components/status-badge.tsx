import { FormattedMessage } from 'react-intl';
import type { OperationsStatus } from '@portal/shared/schemas/account';
import { ToneBadge } from '@portal/shared/ui/status';

/** A figure's status in words and colour (never colour alone); the thresholds are the API's. */
export function OperationsStatusBadge({ status }: { status: OperationsStatus }) {
  return (
    <ToneBadge tone={status === 'fine' ? 'positive' : 'caution'} data-operations-status={status}>
      <FormattedMessage id={`account.operations.status.${status}`} />
    </ToneBadge>
  );
}
