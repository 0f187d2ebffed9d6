import { PageIntro } from '@portal/shared/ui';
import { UsersOverview } from '../features/users/components/users-overview';

/** The users of your organisation and their roles (administrators only). */
export default function UsersPage() {
  return (
    <>
      <PageIntro titleId="title.users" introId="account.users.intro" />
      <UsersOverview />
    </>
  );
}
