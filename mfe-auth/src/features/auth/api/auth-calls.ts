// The calls of /api/v1/auth, one function per operation, typed by the shared schemas.
// Values from the light entry: the sign-in screens use these calls and must not load the phone and
// VAT validators; the registration request is only a type here (erased at build).
import type { RegisterRequest } from '@portal/shared/schemas';
import {
  AcceptedResponseSchema,
  RegisterResponseSchema,
  ResendCodeResponseSchema,
  type ForgotPasswordRequest,
  type ResendCodeRequest,
  type VerifyEmailRequest,
} from '@portal/shared/schemas/auth';
import { getAuthApi } from './clients';

export const register = (locale: string, body: RegisterRequest) => getAuthApi(locale).post('/auth/register', { body, schema: RegisterResponseSchema });
export const verifyEmail = (locale: string, body: VerifyEmailRequest) => getAuthApi(locale).post('/auth/verify-email', { body });
export const resendCode = (locale: string, body: ResendCodeRequest) => getAuthApi(locale).post('/auth/resend-code', { body, schema: ResendCodeResponseSchema });
export const forgotPassword = (locale: string, body: ForgotPasswordRequest) =>
  getAuthApi(locale).post('/auth/forgot-password', { body, schema: AcceptedResponseSchema });
export const resetPassword = (locale: string, body: { token: string; password: string; password_confirmation: string }) =>
  getAuthApi(locale).post('/auth/reset-password', { body });
