import { PageIntro } from '@portal/shared/ui';
import { InviteUserForm } from '../features/users/components/invite-user-form';

/** Invite a colleague to the portal. */
export default function UserNewPage() {
  return (
    <>
      <PageIntro titleId="title.user_new" introId="account.userNew.intro" />
      <InviteUserForm />
    </>
  );
}
