// Registration, email verification, new codes and password reset. Answers never say whether an
// address has an account: registration, resend and forgot-password answer the same either way.
import { randomBytes } from 'node:crypto';
import { hash as argonHash } from '@node-rs/argon2';
import { API_ERRORS, AUTH_ERRORS, type ForgotPasswordRequest, type RegisterRequest, type RegisterResponse, type ResendCodeRequest, type ResendCodeResponse, type VerifyEmailRequest } from '@portal/shared/schemas';
import { PUBLIC_CALLER } from '../../../caller';
import type { Env } from '../../../env';
import { AppError } from '../../../errors';
import { hashToken, safeEqual } from '../../../common/crypto';
import { mailLocale, type OutboxMessage } from '../../../common/outbox';
import type { Challenges } from '../../../common/verification-codes/challenge';
import { hashCode, loginCodeMessage, newCode } from '../../../common/verification-codes/codes';
import type { AccountRepository, AccountRow } from './auth.repository';
import { createDecoyCodes, type DecoyCodes } from './decoy-codes';

type AuthEnv = Pick<
  Env,
  'emailVerificationTtlSeconds' | 'passwordResetTtlSeconds' | 'codeResendCooldownSeconds' | 'loginCodeTtlSeconds' | 'loginCodeMaxAttempts' | 'mailSalesTo' | 'smsProvider'
>;

const caller = PUBLIC_CALLER;
const codeInvalid = () => new AppError(400, AUTH_ERRORS.CODE_INVALID, 'The verification code is not valid');

export function createAuthService(deps: { repo: AccountRepository; env: AuthEnv; codeKey: Uint8Array; challenges: Challenges; decoys?: DecoyCodes }) {
  const { repo, env, codeKey, challenges } = deps;
  const decoys = deps.decoys ?? createDecoyCodes({ maxAttempts: env.loginCodeMaxAttempts, ttlMs: env.emailVerificationTtlSeconds * 1000 });
  /** An address without an open code answers like one with a code that is not this one. */
  const noOpenCode = async (email: string) => {
    const answer = await decoys.attempt(email);
    if (answer === 'CODE_EXPIRED') return new AppError(400, AUTH_ERRORS.CODE_EXPIRED, 'The verification code has expired; request a new one');
    if (answer === 'CODE_TOO_MANY_ATTEMPTS') return new AppError(400, AUTH_ERRORS.CODE_TOO_MANY_ATTEMPTS, 'Too many attempts; request a new code');
    return codeInvalid();
  };
  const cooldownMs = env.codeResendCooldownSeconds * 1000;
  const inCooldown = (createdAt: Date | undefined) => createdAt !== undefined && Date.now() - createdAt.getTime() < cooldownMs;

  function verificationMail(user: { email: string; firstName: string; locale: string }, code: string): OutboxMessage {
    const locale = mailLocale(user.locale);
    const query = new URLSearchParams({ purpose: 'email', email: user.email, code });
    return { channel: 'email', recipient: user.email, template: 'auth.email-verification', locale, payload: { code, firstName: user.firstName, path: `/${locale}/auth/verify?${query}` } };
  }

  async function sendVerificationCode(user: AccountRow) {
    const code = newCode();
    await repo.issueCode(
      caller,
      { userId: user.id, purpose: 'email_verification', codeHash: hashCode(codeKey, user.id, code), expiresAt: new Date(Date.now() + env.emailVerificationTtlSeconds * 1000), maxAttempts: env.loginCodeMaxAttempts },
      [verificationMail(user, code)],
    );
  }

  return {
    async register(input: RegisterRequest): Promise<RegisterResponse> {
      // Hash first, whether or not the address is taken: both paths cost the same.
      const passwordHash = await argonHash(input.password);
      const locale = mailLocale(input.locale);
      const { address } = input;
      const created = await repo.createAccount(caller, {
        user: { email: input.email, passwordHash, firstName: input.first_name, lastName: input.last_name, phone: input.phone, vatNumber: input.vat_number, locale },
        registration: {
          kind: input.kind,
          organisationName: input.organisation_name,
          organisationType: input.organisation_type,
          vatNumber: input.vat_number,
          newsletter: input.newsletter,
          address: { ...address },
        },
        address: { label: address.label, type: address.type, street: address.street, nr: address.nr, box: address.box || null, postalCode: address.postal_code, city: address.city, country: address.country, email: address.email, phone: address.phone },
        code: (userId) => {
          const code = newCode();
          return {
            codeHash: hashCode(codeKey, userId, code),
            expiresAt: new Date(Date.now() + env.emailVerificationTtlSeconds * 1000),
            maxAttempts: env.loginCodeMaxAttempts,
            messages: [verificationMail({ email: input.email, firstName: input.first_name, locale }, code)],
          };
        },
      });
      if (!created) {
        // The address has an account: tell its owner (not the requester) how to get back in.
        const existing = await repo.findAccountByEmail(caller, input.email);
        if (existing && !existing.disabled) {
          const latest = await repo.latestCode(caller, existing.id, 'email_verification');
          if (!existing.emailVerified && !inCooldown(latest?.createdAt)) await sendVerificationCode(existing);
          else if (existing.emailVerified) {
            const l = mailLocale(existing.locale);
            await repo.queueMessages(caller, [{ channel: 'email', recipient: existing.email, template: 'auth.account-exists', locale: l, payload: { path: `/${l}/auth/forgot-password` } }]);
          }
        }
      }
      return { status: 'verification_required', resend_after_seconds: env.codeResendCooldownSeconds };
    },

    async verifyEmail(input: VerifyEmailRequest) {
      const user = await repo.findAccountByEmail(caller, input.email);
      if (!user || user.disabled) throw await noOpenCode(input.email);
      const current = await repo.latestCode(caller, user.id, 'email_verification');
      if (!current || current.consumedAt) {
        // A second click on the link of an address that is verified already is not an error.
        if (user.emailVerified && current && safeEqual(hashCode(codeKey, user.id, input.code), current.codeHash)) return { status: 'verified' as const };
        throw await noOpenCode(input.email);
      }
      if (current.expiresAt.getTime() <= Date.now()) throw new AppError(400, AUTH_ERRORS.CODE_EXPIRED, 'The verification code has expired; request a new one');
      if (!(await repo.countAttempt(caller, current.id))) throw new AppError(400, AUTH_ERRORS.CODE_TOO_MANY_ATTEMPTS, 'Too many attempts; request a new code');
      if (!safeEqual(hashCode(codeKey, user.id, input.code), current.codeHash)) throw codeInvalid();
      const done = await repo.completeEmailVerification(caller, current.id, user.id, (pending) =>
        pending.flatMap((r) => {
          const a = r.address as Record<string, string>;
          return [
            {
              channel: 'email' as const,
              recipient: env.mailSalesTo,
              template: 'auth.contract-request',
              locale: 'en',
              payload: {
                registrationId: r.id,
                firstName: user.firstName,
                lastName: user.lastName,
                email: user.email,
                phone: user.phone,
                organisationName: r.organisationName,
                organisationType: r.organisationType,
                vatNumber: r.vatNumber,
                address: [a.street, a.nr, a.box, a.postal_code, a.city, a.country].filter(Boolean).join(' '),
              },
            },
            { channel: 'email' as const, recipient: user.email, template: 'auth.contract-request-received', locale: mailLocale(user.locale), payload: { firstName: user.firstName, organisationName: r.organisationName } },
          ];
        }),
      );
      if (!done) throw codeInvalid();
      return { status: 'verified' as const };
    },

    /** `locale`: the asking interface's language, which a mailed code is written in (else the account's). */
    async resendCode(input: ResendCodeRequest, locale?: string): Promise<ResendCodeResponse> {
      if (input.purpose === 'email_verification') {
        await decoys.renew(input.email);
        const user = await repo.findAccountByEmail(caller, input.email);
        if (user && !user.disabled && !user.emailVerified) {
          const latest = await repo.latestCode(caller, user.id, 'email_verification');
          if (!inCooldown(latest?.createdAt)) await sendVerificationCode({ ...user, locale: locale ?? user.locale });
        }
        return { resend_after_seconds: env.codeResendCooldownSeconds };
      }
      const userId = challenges.verify(input.challenge);
      const user = userId ? await repo.findAccountById(caller, userId) : null;
      if (!user || user.disabled) throw new AppError(400, AUTH_ERRORS.CHALLENGE_INVALID, 'Sign in again to receive a new code');
      if (input.channel === 'sms' && env.smsProvider === 'none') throw new AppError(400, AUTH_ERRORS.CHANNEL_UNAVAILABLE, 'Codes are not sent by SMS here; ask for one by email');
      if (input.channel === 'sms' && !user.phone) throw new AppError(400, AUTH_ERRORS.CHANNEL_UNAVAILABLE, 'No phone number is known for this account');
      const latest = await repo.latestCode(caller, user.id, 'login');
      if (latest && inCooldown(latest.createdAt)) {
        const wait = Math.ceil((latest.createdAt.getTime() + cooldownMs - Date.now()) / 1000);
        throw new AppError(429, API_ERRORS.RATE_LIMITED, 'Wait before asking for another code', undefined, { 'retry-after': String(Math.max(1, wait)) });
      }
      const code = newCode();
      await repo.issueCode(
        caller,
        { userId: user.id, purpose: 'login', codeHash: hashCode(codeKey, user.id, code), expiresAt: new Date(Date.now() + env.loginCodeTtlSeconds * 1000), maxAttempts: env.loginCodeMaxAttempts },
        [loginCodeMessage({ ...user, locale: locale ?? user.locale }, input.channel, code, env.loginCodeTtlSeconds)],
      );
      return { resend_after_seconds: env.codeResendCooldownSeconds, channel: input.channel };
    },

    async forgotPassword(input: ForgotPasswordRequest, interfaceLocale?: string) {
      const user = await repo.findAccountByEmail(caller, input.email);
      if (!user || user.disabled) return;
      const latest = await repo.latestCode(caller, user.id, 'password_reset');
      if (latest && !latest.consumedAt && inCooldown(latest.createdAt)) return;
      const token = randomBytes(32).toString('base64url');
      const locale = mailLocale(interfaceLocale ?? user.locale);
      await repo.issueCode(
        caller,
        { userId: user.id, purpose: 'password_reset', codeHash: hashToken(token), expiresAt: new Date(Date.now() + env.passwordResetTtlSeconds * 1000), maxAttempts: 1 },
        [
          {
            channel: 'email',
            recipient: user.email,
            template: 'auth.password-reset',
            locale,
            payload: { firstName: user.firstName, minutes: Math.round(env.passwordResetTtlSeconds / 60), path: `/${locale}/auth/reset-password?token=${token}` },
          },
        ],
      );
    },

    async resetPassword(input: { token: string; password: string }, audit: { ip: string; requestId: string }) {
      const invalid = () => new AppError(400, AUTH_ERRORS.RESET_TOKEN_INVALID, 'This reset link is not valid or was used already');
      const code = await repo.findCodeByHash(caller, hashToken(input.token), 'password_reset');
      if (!code || code.consumedAt) throw invalid();
      if (code.expiresAt.getTime() <= Date.now()) throw new AppError(400, AUTH_ERRORS.RESET_TOKEN_EXPIRED, 'This reset link has expired; ask for a new one');
      const user = await repo.findAccountById(caller, code.userId);
      if (!user || user.disabled) throw invalid();
      const passwordHash = await argonHash(input.password);
      const notice: OutboxMessage = { channel: 'email', recipient: user.email, template: 'auth.password-changed', locale: mailLocale(user.locale), payload: { firstName: user.firstName } };
      if (!(await repo.completePasswordReset(caller, code.id, user.id, passwordHash, [notice], audit))) throw invalid();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
