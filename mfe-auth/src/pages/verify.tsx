import { PageIntro } from '@portal/shared/ui';

/** Enter the verification code we sent you by email or text message. */
export default function VerifyPage() {
  return <PageIntro titleId="title.verify" introId="auth.verify.intro" />;
}
