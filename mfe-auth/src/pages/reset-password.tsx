import { PageIntro } from '@portal/shared/ui';

/** Choose a new password for your account. */
export default function ResetPasswordPage() {
  return <PageIntro titleId="title.reset_password" introId="auth.resetPassword.intro" />;
}
