import * as v from 'valibot';
import { EmailSchema, inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';
import { newPasswordEntries, passwordsMatch } from './password';

/** The login form. The password is not length-checked: old passwords may predate the rules. */
export const LoginSchema = v.object({
  email: EmailSchema,
  password: v.pipe(inputString(M.required), v.nonEmpty(M.required)),
});
export type LoginInput = v.InferInput<typeof LoginSchema>;

/** The verification code sent by email or SMS. */
export const VerificationCodeSchema = v.strictObject({
  email: EmailSchema,
  code: v.pipe(inputString(M.required), v.trim(), v.nonEmpty(M.required), v.regex(/^\d{4,8}$/, M.invalidRegex)),
});

/** Forgot password: where to send the reset link. Also the newsletter sign-up. */
export const EmailOnlySchema = v.object({ email: EmailSchema });

/** Reset password: the token from the mail and the new password twice. */
export const ResetPasswordSchema = v.pipe(
  v.strictObject({
    token: v.pipe(inputString(M.required), v.nonEmpty(M.required)),
    ...newPasswordEntries,
  }),
  passwordsMatch(),
);
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordSchema>;
