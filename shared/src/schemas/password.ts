import * as v from 'valibot';
import { inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** A new password. Not trimmed: spaces are characters too. */
export const NewPasswordSchema = v.pipe(
  inputString(M.required),
  v.nonEmpty(M.required),
  v.minLength(PASSWORD_MIN_LENGTH, M.tooSmallString),
  v.maxLength(PASSWORD_MAX_LENGTH, M.tooBigString),
);

/** The new password typed again; that it matches is `passwordsMatch()`. */
export const PasswordConfirmationSchema = inputString(M.required);

type PasswordPair = { password: string; password_confirmation: string };
type PasswordsMatchIssue = v.PartialCheckIssue<PasswordPair>;

const PASSWORDS_MATCH: v.BaseValidation<PasswordPair, PasswordPair, PasswordsMatchIssue> = v.forward(
  v.partialCheck([['password'], ['password_confirmation']], (input) => input.password === input.password_confirmation, M.passwordMismatch),
  ['password_confirmation'],
);

/**
 * The rule "the confirmation repeats the password", reported on the confirmation field as soon as
 * both fields are valid. One rule for registration, reset and change.
 */
export function passwordsMatch<TInput extends PasswordPair>() {
  // It reads only the two fields, so any form that has them may run it; the cast carries the form's type through the pipe.
  return PASSWORDS_MATCH as unknown as v.BaseValidation<TInput, TInput, PasswordsMatchIssue>;
}

/** The new password and its confirmation as entries of a form's object; pipe the object through `passwordsMatch()`. */
export const newPasswordEntries = { password: NewPasswordSchema, password_confirmation: PasswordConfirmationSchema };
