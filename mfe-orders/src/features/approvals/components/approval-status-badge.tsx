import { FormattedMessage } from 'react-intl';
import type { ApprovalRequestStatus } from '@portal/shared/schemas/orders';
import { Badge } from '@portal/shared/ui';
import { STATUS_TONE_COLORS, type StatusTone } from '@portal/shared/ui/status';

// The theme's status tones (white text above AA's 4.5:1; Mantine's light variants fall below it).
const TONE: Record<ApprovalRequestStatus, StatusTone> = { pending: 'caution', approved: 'positive', rejected: 'negative' };
const BADGE_STYLE = { flexShrink: 0, overflow: 'visible', minWidth: 'max-content' } as const;

/** A request's status in words (never in colour alone). */
export function ApprovalStatusBadge({ status }: { status: ApprovalRequestStatus }) {
  return (
    <Badge color={STATUS_TONE_COLORS[TONE[status]]} autoContrast variant="filled" style={BADGE_STYLE} data-status={status}>
      <FormattedMessage id={`approvals.status.${status}`} />
    </Badge>
  );
}
