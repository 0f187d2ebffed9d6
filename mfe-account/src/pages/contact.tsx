import { PageIntro } from '@portal/shared/ui';

/** Send a question to our team or to your case manager. */
export default function ContactPage() {
  return <PageIntro titleId="title.contact" introId="account.contact.intro" />;
}
