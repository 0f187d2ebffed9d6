import { Divider, PageIntro, Stack } from '@portal/shared/ui';
import { ContactForm } from '../features/contact/components/contact-form';
import { NewsletterForm } from '../features/newsletter/components/newsletter-form';

/** Send a question to your case manager, and sign up for the newsletter. */
export default function ContactPage() {
  return (
    <>
      <PageIntro titleId="title.contact" introId="account.contact.intro" />
      <Stack gap="xl">
        <ContactForm />
        <Divider />
        <NewsletterForm />
      </Stack>
    </>
  );
}
