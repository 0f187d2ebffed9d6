import { FormattedMessage } from 'react-intl';
import type { ManagedUserStatus } from '@portal/shared/schemas/account';
import { Badge } from '@portal/shared/ui';

const COLOR: Record<ManagedUserStatus, string> = { active: 'green.9', invited: 'blue.9', deactivated: 'gray.8' };

export function UserStatusBadge({ status }: { status: ManagedUserStatus }) {
  return (
    <Badge variant="light" color={COLOR[status]}>
      <FormattedMessage id={`account.users.status.${status}`} />
    </Badge>
  );
}
