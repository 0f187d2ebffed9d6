// The newsletter: double opt-in by mail (nothing is sent to an address before its owner confirms),
// a signed unsubscribe link in every mail, and one answer whatever the address's state, so the
// sign-up does not tell who subscribed.
import type { NewsletterSignupInput } from '@portal/shared/schemas';
import { mailLocale, type OutboxMessage } from '../../../common/outbox';
import type { NewsletterLinks } from './newsletter-links';
import type { NewsletterRepository } from './newsletter.repository';

const CONFIRM_DAYS = 7;

export function createNewsletterService(deps: { repo: NewsletterRepository; links: NewsletterLinks }) {
  const { repo, links } = deps;
  const paths = (email: string) => ({
    confirmPath: `/api/v1/newsletter/confirm?token=${links.sign('confirm', email, Date.now() + CONFIRM_DAYS * 86_400_000)}`,
    unsubscribePath: `/api/v1/newsletter/unsubscribe?token=${links.sign('unsubscribe', email)}`,
  });
  const mail = (email: string, locale: string, template: string): OutboxMessage => ({ channel: 'email', recipient: email, template, locale, payload: paths(email) });

  return {
    async signUp(input: { email: string; locale?: NewsletterSignupInput['locale'] }, interfaceLocale: string) {
      const locale = mailLocale(input.locale ?? interfaceLocale);
      await repo.signUp(input.email, locale, [mail(input.email, locale, 'newsletter.confirm')]);
      return { status: 'confirmation_sent' as const };
    },

    /** The address a link is for, or null for a link that is not valid; changes nothing (the link's page asks first). */
    linkAddress(purpose: 'confirm' | 'unsubscribe', token: string): string | null {
      return links.verify(purpose, token);
    },

    /** Whether the subscription is confirmed now (false for an invalid link, or an address that left since). */
    async confirm(token: string): Promise<boolean> {
      const email = links.verify('confirm', token);
      if (!email) return false;
      return repo.confirm(email, (locale) => [mail(email, locale, 'newsletter.welcome')]);
    },

    async unsubscribe(token: string): Promise<boolean> {
      const email = links.verify('unsubscribe', token);
      if (!email) return false;
      await repo.unsubscribe(email);
      return true;
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
