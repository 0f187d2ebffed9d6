import { PageIntro } from '@portal/shared/ui';

/** Sign in with your email address and password. */
export default function LoginPage() {
  return <PageIntro titleId="title.login" introId="auth.login.intro" />;
}
