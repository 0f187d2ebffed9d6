import { FormattedMessage } from 'react-intl';
import type { ApprovalRequestStatus } from '@portal/shared/schemas/orders';
import { Badge } from '@portal/shared/ui';

const COLOR: Record<ApprovalRequestStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };

/** A request's status in words (never in colour alone). */
export function ApprovalStatusBadge({ status }: { status: ApprovalRequestStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light" data-status={status}>
      <FormattedMessage id={`approvals.status.${status}`} />
    </Badge>
  );
}
