import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link, useParams, useSearchParams } from '@portal/shared/router';
import { ACCOUNT_ERRORS } from '@portal/shared/schemas/account';
import { Anchor, Divider, PageIntro, Stack } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { useUser } from '../features/users/api/get-user';
import { AdminsOnly } from '../lib/admins-only';
import { CloseUserAccount } from '../features/users/components/close-user-account';
import { EditUserForm } from '../features/users/components/edit-user-form';
import { failureOf } from '../lib/failure';
import { SavedNotice } from '../lib/saved-notice';

/** Change a user's role, deactivate / reactivate them, or close their account. */
export default function UserEditPage() {
  const intl = useIntl();
  const locale = useLocale();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const user = useUser(id);
  const code = user.isError ? failureOf(user.error).code : null;
  return (
    <>
      <PageIntro titleId="title.user_edit" introId="account.userEdit.intro" />
      <Stack gap="md">
        <Anchor component={Link} to={`/${locale}/user/users`}>
          <FormattedMessage id="account.users.back" />
        </Anchor>
        {params.get('invited') && user.data && (
          <SavedNotice>
            <FormattedMessage id="account.users.invited" values={{ email: user.data.email }} />
          </SavedNotice>
        )}
        {code === ACCOUNT_ERRORS.ADMINS_ONLY ? (
          <AdminsOnly />
        ) : (
          <StateRegion
            status={user.status}
            loadingLabel={intl.formatMessage({ id: 'account.loading' })}
            errorTitle={intl.formatMessage({ id: code === ACCOUNT_ERRORS.USER_NOT_FOUND ? 'account.users.notFound' : 'account.error.load' })}
            onRetry={code === ACCOUNT_ERRORS.USER_NOT_FOUND ? undefined : () => void user.refetch()}
            retryLabel={intl.formatMessage({ id: 'account.retry' })}
          >
            {user.data && (
              <Stack gap="xl">
                <EditUserForm key={user.data.id} user={user.data} />
                <Divider />
                <CloseUserAccount key={`close-${user.data.id}`} user={user.data} />
              </Stack>
            )}
          </StateRegion>
        )}
      </Stack>
    </>
  );
}
