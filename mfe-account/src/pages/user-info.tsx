import { useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Divider, PageIntro, Stack } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { AddressBook } from '../features/addresses/components/address-book';
import { useProfile } from '../features/profile/api/get-profile';
import { EmailChange } from '../features/profile/components/email-change';
import { PasswordChange } from '../features/profile/components/password-change';
import { PersonalInfoForm } from '../features/profile/components/personal-info-form';
import { MyData } from '../features/privacy/components/my-data';
import { openVerifyEmailDialog } from '../lib/verify-email-dialog';

/** Your personal information, email address, password, your organisation's addresses, and your data (download, closing the account). */
export default function UserInfoPage() {
  const intl = useIntl();
  const locale = useLocale();
  const profile = useProfile();
  const me = profile.data;
  // Email verification is required before proceeding (spec section 5).
  const verified = () => {
    if (!me || me.email_verified) return true;
    openVerifyEmailDialog(intl, locale, me.email);
    return false;
  };
  return (
    <>
      <PageIntro titleId="title.user_info" introId="account.userInfo.intro" />
      <StateRegion
        status={profile.status}
        loadingLabel={intl.formatMessage({ id: 'account.loading' })}
        errorTitle={intl.formatMessage({ id: 'account.error.load' })}
        onRetry={() => void profile.refetch()}
        retryLabel={intl.formatMessage({ id: 'account.retry' })}
      >
        {me && (
          <Stack gap="xl">
            <PersonalInfoForm key={me.id} profile={me} beforeSave={verified} />
            <Divider />
            <EmailChange profile={me} />
            <Divider />
            <PasswordChange />
            <Divider />
            <AddressBook />
            <Divider />
            <MyData profile={me} />
          </Stack>
        )}
      </StateRegion>
    </>
  );
}
