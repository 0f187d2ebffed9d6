import * as v from 'valibot';
import { inputString } from './fields';
import { MESSAGE_KEYS as M } from './messages';

/** Shortest password accepted. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (argon2 input stays bounded). */
export const PASSWORD_MAX_LENGTH = 128;

/** A new password. Not trimmed: spaces are characters too. */
export const NewPasswordSchema = v.pipe(
  inputString(M.required),
  v.nonEmpty(M.required),
  v.minLength(PASSWORD_MIN_LENGTH, M.tooSmallString),
  v.maxLength(PASSWORD_MAX_LENGTH, M.tooBigString),
);
