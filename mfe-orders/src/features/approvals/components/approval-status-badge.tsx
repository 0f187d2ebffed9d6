import { FormattedMessage } from 'react-intl';
import type { ApprovalRequestStatus } from '@portal/shared/schemas/orders';
import { ToneBadge, type StatusTone } from '@portal/shared/ui/status';

const TONE: Record<ApprovalRequestStatus, StatusTone> = { pending: 'caution', approved: 'positive', rejected: 'negative' };

/** A request's status in words (never in colour alone). */
export function ApprovalStatusBadge({ status }: { status: ApprovalRequestStatus }) {
  return (
    <ToneBadge tone={TONE[status]} data-status={status}>
      <FormattedMessage id={`approvals.status.${status}`} />
    </ToneBadge>
  );
}
