// The caller's own profile: personal information, an email change that takes effect only once the
// new address proved itself with a mailed code, and a password change that asks the current one.
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import {
  ACCOUNT_ERRORS,
  API_ERRORS,
  type EmailChangeConfirm,
  type EmailChangeStarted,
  type Profile,
  type ProfileInputSchema,
} from '@portal/shared/schemas';
import type * as v from 'valibot';
import type { Caller, CustomerCaller } from '../../../caller';
import { safeEqual } from '../../../common/crypto';
import { mailLocale } from '../../../common/outbox';
import { requireCustomer } from '../../../common/scope';
import { hashCode, newCode } from '../../../common/verification-codes/codes';
import { AppError } from '../../../errors';
import type { ProfileRepository, ProfileRow } from './profile.repository';

export interface ProfileSettings {
  /** How long a code for a new address stays valid. */
  codeTtlSeconds: number;
  maxAttempts: number;
  resendCooldownSeconds: number;
}

/** A customer account (with or without organisation); staff and visitors have no profile here. */
export const requireProfileOwner = (caller: Caller): CustomerCaller =>
  requireCustomer(caller, { code: ACCOUNT_ERRORS.CUSTOMERS_ONLY, message: 'The profile is for customer accounts' });

const toProfile = (row: ProfileRow): Profile => ({
  id: row.id,
  first_name: row.firstName,
  last_name: row.lastName,
  email: row.email,
  phone: row.phone,
  function: row.function,
  email_verified: row.emailVerifiedAt !== null,
  role: row.role,
  organisation_name: row.organisationName,
  locale: mailLocale(row.locale),
});

/** The code binds the user and the new address: a code for one address cannot confirm another. */
const codeSubject = (userId: string, email: string) => `${userId}:${email.toLowerCase()}`;

export function createProfileService(deps: { repo: ProfileRepository; codeKey: Uint8Array; settings: ProfileSettings }) {
  const { repo, codeKey, settings } = deps;

  async function load(caller: CustomerCaller): Promise<ProfileRow> {
    const row = await repo.read(caller);
    // A token outliving its (deactivated) account.
    if (!row) throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to continue');
    return row;
  }

  return {
    async read(caller: Caller): Promise<Profile> {
      return toProfile(await load(requireProfileOwner(caller)));
    },

    async update(caller: Caller, input: v.InferOutput<typeof ProfileInputSchema>): Promise<Profile> {
      const customer = requireProfileOwner(caller);
      const me = await load(customer);
      // The form sends the language it shows: only a change is the person's choice, which signing in
      // in another language then leaves alone (decision 061).
      const chosen = input.locale && input.locale !== mailLocale(me.locale) ? { locale: input.locale } : {};
      await repo.update(customer, { firstName: input.first_name, lastName: input.last_name, phone: input.phone || null, function: input.function || null, ...chosen });
      return toProfile(await load(customer));
    },

    /** Mails a code to the new address; the address changes only when the code comes back. */
    async startEmailChange(caller: Caller, email: string, interfaceLocale: string): Promise<EmailChangeStarted> {
      const customer = requireProfileOwner(caller);
      const me = await load(customer);
      if (me.email.toLowerCase() === email.toLowerCase()) {
        throw new AppError(422, API_ERRORS.VALIDATION_FAILED, 'This is your current address', [{ path: 'email', message: 'validation.invalid.value' }]);
      }
      if (await repo.emailTaken(customer, email)) {
        throw new AppError(409, ACCOUNT_ERRORS.EMAIL_TAKEN, 'This address belongs to another account', [{ path: 'email', message: 'account.emailTaken' }]);
      }
      const latest = await repo.latestEmailCode(customer);
      const cooldownMs = settings.resendCooldownSeconds * 1000;
      if (latest && !latest.consumedAt && Date.now() - latest.createdAt.getTime() < cooldownMs) {
        const wait = Math.ceil((latest.createdAt.getTime() + cooldownMs - Date.now()) / 1000);
        throw new AppError(429, API_ERRORS.RATE_LIMITED, 'Wait before asking for another code', undefined, { 'retry-after': String(Math.max(1, wait)) });
      }
      const code = newCode();
      const locale = mailLocale(interfaceLocale);
      await repo.issueEmailCode(
        customer,
        { codeHash: hashCode(codeKey, codeSubject(customer.userId, email), code), expiresAt: new Date(Date.now() + settings.codeTtlSeconds * 1000), maxAttempts: settings.maxAttempts },
        [{ channel: 'email', recipient: email, template: 'account.email-change-code', locale, payload: { code, firstName: me.firstName, minutes: Math.round(settings.codeTtlSeconds / 60) } }],
      );
      return { email, resend_after_seconds: settings.resendCooldownSeconds };
    },

    async confirmEmailChange(caller: Caller, input: EmailChangeConfirm): Promise<Profile> {
      const customer = requireProfileOwner(caller);
      const me = await load(customer);
      const email = input.email;
      const invalid = () => new AppError(400, ACCOUNT_ERRORS.CODE_INVALID, 'The verification code is not valid', [{ path: 'code', message: 'account.codeInvalid' }]);
      const current = await repo.latestEmailCode(customer);
      if (!current || current.consumedAt) throw invalid();
      if (current.expiresAt.getTime() <= Date.now()) throw new AppError(400, ACCOUNT_ERRORS.CODE_EXPIRED, 'The code has expired; ask for a new one', [{ path: 'code', message: 'account.codeExpired' }]);
      if (!(await repo.countAttempt(customer, current.id))) throw invalid();
      if (!safeEqual(hashCode(codeKey, codeSubject(customer.userId, email), input.code), current.codeHash)) throw invalid();
      // The old address learns of the change, so a hijacked session cannot move the account silently.
      const notice = { channel: 'email' as const, recipient: me.email, template: 'account.email-changed', locale: mailLocale(me.locale), payload: { firstName: me.firstName, email } };
      const result = await repo.completeEmailChange(customer, current.id, email, [notice]);
      if (result === 'taken') throw new AppError(409, ACCOUNT_ERRORS.EMAIL_TAKEN, 'This address belongs to another account', [{ path: 'email', message: 'account.emailTaken' }]);
      if (result === 'spent') throw invalid();
      return toProfile(await load(customer));
    },

    async changePassword(caller: Caller, input: { current_password: string; password: string }, sessionId: string | null): Promise<void> {
      const customer = requireProfileOwner(caller);
      const me = await load(customer);
      const ok = me.passwordHash ? await argonVerify(me.passwordHash, input.current_password).catch(() => false) : false;
      if (!ok) {
        throw new AppError(400, ACCOUNT_ERRORS.CURRENT_PASSWORD_INVALID, 'The current password is not correct', [{ path: 'current_password', message: 'account.currentPasswordInvalid' }]);
      }
      const passwordHash = await argonHash(input.password);
      const notice = { channel: 'email' as const, recipient: me.email, template: 'auth.password-changed', locale: mailLocale(me.locale), payload: { firstName: me.firstName } };
      await repo.changePassword(customer, passwordHash, sessionId, [notice]);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
