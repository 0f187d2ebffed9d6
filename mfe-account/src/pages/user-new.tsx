import { PageIntro } from '@portal/shared/ui';

/** Invite a colleague to the portal. */
export default function UserNewPage() {
  return <PageIntro titleId="title.user_new" introId="account.userNew.intro" />;
}
