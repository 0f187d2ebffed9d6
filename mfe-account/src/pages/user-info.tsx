import { PageIntro } from '@portal/shared/ui';

/** Your personal information and your organisation's addresses. */
export default function UserInfoPage() {
  return <PageIntro titleId="title.user_info" introId="account.userInfo.intro" />;
}
