import { PageIntro } from '@portal/shared/ui';

/** Enter your email address and we will send you a link to reset your password. */
export default function ForgotPasswordPage() {
  return <PageIntro titleId="title.forgot_password" introId="auth.forgotPassword.intro" />;
}
