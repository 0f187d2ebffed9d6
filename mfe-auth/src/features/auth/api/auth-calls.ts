// The calls of /api/v1/auth, one function per operation, typed by the shared schemas. They go
// through the shared unauthenticated client (a failed call is an answer here, not a lost session),
// which speaks the page's language; the contract portal is named as the shop, as these accounts are.
// Values from the light entry: the sign-in screens use these calls and must not load the phone and
// VAT validators (the registration's call is in features/register).
import {
  AcceptedResponseSchema,
  ResendCodeResponseSchema,
  type ForgotPasswordRequest,
  type ResendCodeRequest,
  type VerifyEmailRequest,
} from '@portal/shared/schemas/auth';
import { publicApi } from '@portal/shared/api';

const api = () => publicApi({ shop: 'portal' });

export const verifyEmail = (body: VerifyEmailRequest) => api().post('/auth/verify-email', { body });
export const resendCode = (body: ResendCodeRequest) => api().post('/auth/resend-code', { body, schema: ResendCodeResponseSchema });
export const forgotPassword = (body: ForgotPasswordRequest) =>
  api().post('/auth/forgot-password', { body, schema: AcceptedResponseSchema });
export const resetPassword = (body: { token: string; password: string; password_confirmation: string }) =>
  api().post('/auth/reset-password', { body });
