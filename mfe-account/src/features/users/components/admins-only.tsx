// The clear refusal a buyer (or anyone not an administrator) sees on the users admin pages; the
// API refuses them too (403 ACCOUNT_ADMINS_ONLY).
import { FormattedMessage } from 'react-intl';
import { FailedNotice } from '../../../lib/saved-notice';

export function AdminsOnly() {
  return (
    <FailedNotice title={<FormattedMessage id="account.users.adminsOnly.title" />}>
      <FormattedMessage id="account.users.adminsOnly.message" />
    </FailedNotice>
  );
}
