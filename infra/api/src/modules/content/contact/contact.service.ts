// The contact form: the message reaches the organisation's case manager (the sales inbox for a
// customer without one) through the outbox, the sender gets a confirmation, and each account may
// send only a few messages per hour.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { LimiterFactory } from '../../../common/shared-stores';
import { ACCOUNT_ERRORS, API_ERRORS, type ContactForm } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import { mailLocale } from '../../../common/outbox';
import { requireCustomer } from '../../../common/scope';
import { AppError } from '../../../errors';
import type { ContactRepository } from './contact.repository';

export interface ContactSettings {
  /** Messages per account in the window. */
  limit: number;
  windowSeconds: number;
  /** Where a message goes when the organisation has no case manager. */
  fallbackRecipient: string;
}

export function createContactService(deps: { repo: ContactRepository; settings: ContactSettings; limiter?: LimiterFactory }) {
  const { repo, settings } = deps;
  // Shared by every instance when a shared store is configured (decision 023).
  const limiter = (deps.limiter ?? ((o) => new RateLimiterMemory(o)))({ keyPrefix: 'contact', points: settings.limit, duration: settings.windowSeconds });

  return {
    async send(caller: Caller, form: ContactForm): Promise<{ status: 'sent' }> {
      const customer = requireCustomer(caller, { code: ACCOUNT_ERRORS.CUSTOMERS_ONLY, message: 'The contact form is for customer accounts' });
      const sender = await repo.sender(customer);
      if (!sender) throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
      try {
        await limiter.consume(customer.userId);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const wait = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw new AppError(429, API_ERRORS.RATE_LIMITED, 'You sent several messages already; try again later', undefined, { 'retry-after': String(wait) });
      }
      const payload = {
        senderName: `${sender.first_name} ${sender.last_name}`,
        senderEmail: sender.email,
        organisationName: sender.organisation_name ?? '—',
        customerNumber: sender.customer_number ?? '—',
        type: form.type,
        message: form.message,
      };
      await repo.store(customer, { organisationId: sender.organisation_id, type: form.type, message: form.message }, [
        // Each in the recipient's language (decision 061): the case manager's own; the team's mailbox (no account) English.
        { channel: 'email', recipient: sender.case_manager_email ?? settings.fallbackRecipient, template: 'contact.request', locale: mailLocale(sender.case_manager_email ? (sender.case_manager_locale ?? 'en') : 'en'), payload },
        { channel: 'email', recipient: sender.email, template: 'contact.confirmation', locale: mailLocale(sender.locale), payload: { firstName: sender.first_name, message: form.message } },
      ]);
      return { status: 'sent' };
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
