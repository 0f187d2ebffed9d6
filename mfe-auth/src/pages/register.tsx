import { PageIntro } from '@portal/shared/ui';

/** Request a supply contract for your organisation or create a web-shop account. */
export default function RegisterPage() {
  return <PageIntro titleId="title.register" introId="auth.register.intro" />;
}
