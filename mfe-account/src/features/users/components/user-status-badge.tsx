import { FormattedMessage } from 'react-intl';
import type { ManagedUserStatus } from '@portal/shared/schemas/account';
import { ToneBadge, type StatusTone } from '@portal/shared/ui/status';

// The theme's status tones, filled with white text (at least 7:1): Mantine's light variant on a
// shaded colour ("green.9") drew the label in the badge's own colour, so it could not be read.
const TONE: Record<ManagedUserStatus, StatusTone> = { active: 'positive', invited: 'info', deactivated: 'neutral' };

export function UserStatusBadge({ status }: { status: ManagedUserStatus }) {
  return (
    <ToneBadge tone={TONE[status]} data-user-status={status}>
      <FormattedMessage id={`account.users.status.${status}`} />
    </ToneBadge>
  );
}
