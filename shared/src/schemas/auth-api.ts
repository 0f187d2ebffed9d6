// Contracts of the sign-up, email verification, resend-code and password-reset calls
// (`/api/v1/auth/…`) and of the extra members the token endpoint sends with TWO_FACTOR_REQUIRED.
import * as v from 'valibot';
import { EmailSchema, inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { VerificationCodeSchema } from './auth-forms';

/** Stable error codes of the auth calls and the token endpoint the screens branch on. */
export const AUTH_ERRORS = {
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  TWO_FACTOR_REQUIRED: 'TWO_FACTOR_REQUIRED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  CODE_INVALID: 'CODE_INVALID',
  CODE_EXPIRED: 'CODE_EXPIRED',
  CODE_TOO_MANY_ATTEMPTS: 'CODE_TOO_MANY_ATTEMPTS',
  CHALLENGE_INVALID: 'CHALLENGE_INVALID',
  CHANNEL_UNAVAILABLE: 'CHANNEL_UNAVAILABLE',
  RESET_TOKEN_INVALID: 'RESET_TOKEN_INVALID',
  RESET_TOKEN_EXPIRED: 'RESET_TOKEN_EXPIRED',
} as const;

/** What a registration asks for: a supply contract (pending, for the sales team) or a web-shop account. */
export const REGISTRATION_KINDS = ['contract_request', 'webshop'] as const;
export const RegistrationKindSchema = v.picklist(REGISTRATION_KINDS, M.required);
export type RegistrationKind = v.InferOutput<typeof RegistrationKindSchema>;

/** Languages mail can be written in; the pseudo-locale `xx` is written in English. */
export const MAIL_LOCALES = ['en', 'nl', 'fr'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];
/** The locale a request names (any portal locale). */
export const RequestLocaleSchema = v.optional(v.picklist(['en', 'nl', 'fr', 'xx'], M.invalidValue), 'en');

/**
 * Answer to a registration, the same whether or not the address already had an account (no
 * enumeration): the next step is always the email verification code.
 */
export const RegisterResponseSchema = v.object({
  status: v.literal('verification_required'),
  /** Seconds before another code can be requested. */
  resend_after_seconds: v.number(),
});
export type RegisterResponse = v.InferOutput<typeof RegisterResponseSchema>;

/** POST /api/v1/auth/verify-email: the code from the verification mail. */
export const VerifyEmailRequestSchema = VerificationCodeSchema;
export type VerifyEmailRequest = v.InferOutput<typeof VerifyEmailRequestSchema>;

/** Channels a code can be sent through. */
export const CODE_CHANNELS = ['email', 'sms'] as const;
export const CodeChannelSchema = v.picklist(CODE_CHANNELS, M.invalidValue);
export type CodeChannel = v.InferOutput<typeof CodeChannelSchema>;

/** POST /api/v1/auth/resend-code: a new email-verification code, or a new two-factor sign-in code. */
export const ResendCodeRequestSchema = v.variant('purpose', [
  v.strictObject({ purpose: v.literal('email_verification'), email: EmailSchema }),
  v.strictObject({
    purpose: v.literal('login'),
    /** The challenge the token endpoint sent with TWO_FACTOR_REQUIRED. */
    challenge: v.pipe(inputString(M.required), v.nonEmpty(M.required), v.maxLength(512, M.tooBigString)),
    channel: CodeChannelSchema,
  }),
]);
export type ResendCodeRequest = v.InferOutput<typeof ResendCodeRequestSchema>;

export const ResendCodeResponseSchema = v.object({
  resend_after_seconds: v.number(),
  channel: v.optional(CodeChannelSchema),
});
export type ResendCodeResponse = v.InferOutput<typeof ResendCodeResponseSchema>;

/** A channel a two-factor code can be sent to, with a masked destination (`t••@example.com`). */
export const CodeDestinationSchema = v.object({ channel: CodeChannelSchema, destination: v.string() });
export type CodeDestination = v.InferOutput<typeof CodeDestinationSchema>;

/** Extra members of the token endpoint's TWO_FACTOR_REQUIRED error. */
export const TwoFactorChallengeSchema = v.object({
  code: v.literal(AUTH_ERRORS.TWO_FACTOR_REQUIRED),
  challenge: v.string(),
  channel: CodeChannelSchema,
  channels: v.array(CodeDestinationSchema),
  resend_after_seconds: v.number(),
});
export type TwoFactorChallenge = v.InferOutput<typeof TwoFactorChallengeSchema>;

/**
 * POST /api/v1/auth/forgot-password. Always 202: the answer never says whether the address exists.
 * The mail is written in the account's language.
 */
export const ForgotPasswordRequestSchema = v.strictObject({ email: EmailSchema });
export type ForgotPasswordRequest = v.InferOutput<typeof ForgotPasswordRequestSchema>;

/** Body of the 202 answers of forgot-password and register-like calls. */
export const AcceptedResponseSchema = v.object({ status: v.literal('accepted') });
