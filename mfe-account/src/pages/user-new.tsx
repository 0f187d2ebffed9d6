import { PageIntro } from '@portal/shared/ui';
import { useSession } from '@portal/shared/session';
import { AdminsOnly } from '../lib/admins-only';
import { InviteUserForm } from '../features/users/components/invite-user-form';

/**
 * Invite a colleague to the portal: an administrator's page. Anyone else is told so up front
 * instead of filling in the whole form to be refused on submit (issue 32); the API refuses them too.
 */
export default function UserNewPage() {
  const admin = useSession((s) => s.claims?.role === 'admin');
  return (
    <>
      <PageIntro titleId="title.user_new" introId="account.userNew.intro" />
      {admin ? <InviteUserForm /> : <AdminsOnly />}
    </>
  );
}
