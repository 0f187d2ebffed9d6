// The clear refusal someone who is not an administrator sees on an administrators' page; the API
// refuses them too (403 ACCOUNT_ADMINS_ONLY, APPROVAL_ADMINS_ONLY). Each page says what it is about:
// a buyer on the cost centres read "only administrators can manage users" (issue 44).
import { FormattedMessage } from 'react-intl';
import { FailedNotice } from './saved-notice';

/** The administrators' pages, each with its own refusal. */
export type AdminsOnlyArea = 'users' | 'costCentres' | 'approvalRules';

const MESSAGES: Readonly<Record<AdminsOnlyArea, { title: string; message: string }>> = {
  users: { title: 'account.users.adminsOnly.title', message: 'account.users.adminsOnly.message' },
  costCentres: { title: 'account.budgets.adminsOnly.title', message: 'account.budgets.adminsOnly.message' },
  approvalRules: { title: 'account.approvalRules.adminsOnly.title', message: 'account.approvalRules.adminsOnly' },
};

/** `area`: the page refused (the users admin by default). */
export function AdminsOnly({ area = 'users' }: { area?: AdminsOnlyArea }) {
  const { title, message } = MESSAGES[area];
  return (
    <FailedNotice title={<FormattedMessage id={title} />}>
      <FormattedMessage id={message} />
    </FailedNotice>
  );
}
