import { PageIntro } from '@portal/shared/ui';

/** The users of your organisation and their roles. */
export default function UsersPage() {
  return <PageIntro titleId="title.users" introId="account.users.intro" />;
}
