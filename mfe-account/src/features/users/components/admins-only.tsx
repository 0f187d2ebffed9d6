// The clear refusal a buyer (or anyone not an administrator) sees on the users admin pages; the
// API refuses them too (403 ACCOUNT_ADMINS_ONLY).
import { FormattedMessage } from 'react-intl';
import { Alert } from '@portal/shared/ui';

export function AdminsOnly() {
  return (
    <Alert color="red.9" variant="light" role="alert" title={<FormattedMessage id="account.users.adminsOnly.title" />}>
      <FormattedMessage id="account.users.adminsOnly.message" />
    </Alert>
  );
}
