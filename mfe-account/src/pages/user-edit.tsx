import { PageIntro } from '@portal/shared/ui';

/** Change this user's details and role. */
export default function UserEditPage() {
  return <PageIntro titleId="title.user_edit" introId="account.userEdit.intro" />;
}
