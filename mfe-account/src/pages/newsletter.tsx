import { PageIntro } from '@portal/shared/ui';
import { NewsletterForm } from '../features/newsletter/components/newsletter-form';

/** The newsletter sign-up on a page of its own: open to visitors (the footer links here), double opt-in by mail. */
export default function NewsletterPage() {
  return (
    <>
      <PageIntro titleId="title.newsletter" introId="account.newsletter.intro" />
      <NewsletterForm standalone />
    </>
  );
}
