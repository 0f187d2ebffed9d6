// Access policy of registration, verification and password reset (see security/access-policy.ts): open
// to all, tokens not read; the answers never depend on who asks.
import { everyone, type AccessTable } from '../access-policy';

export const authAccess: AccessTable = {
  'POST /api/v1/auth/register': {
    // An address that already has an account: 202 like any other, and nothing is created.
    request: () => ({
      payload: {
        kind: 'webshop', locale: 'en', first_name: 'Lucas', last_name: 'Janssens', email: 'lucas.janssens@zorggroep-scheldeland.example',
        phone: '0470 12 34 56', password: 'Verband-2025!', password_confirmation: 'Verband-2025!',
        address: { label: 'Home', type: 'billing', street: 'Meir', nr: '1', box: '', postal_code: '2000', city: 'Antwerpen', country: 'BE', email: 'f@example.be', phone: '03 123 45 67' },
        organisation_name: 'Zorggroep', organisation_type: 'medical', vat_number: 'BE0403.170.701', newsletter: false, terms: true,
      },
    }),
    expect: everyone(202),
    forged: 'ignored',
  },
  'POST /api/v1/auth/verify-email': {
    request: () => ({ payload: { email: 'nobody.matrix@example.be', code: '000000' } }),
    expect: everyone(400),
    forged: 'ignored',
  },
  'POST /api/v1/auth/resend-code': {
    request: () => ({ payload: { purpose: 'email_verification', email: 'nobody.matrix@example.be' } }),
    expect: everyone(202),
    forged: 'ignored',
  },
  'POST /api/v1/auth/forgot-password': {
    request: () => ({ payload: { email: 'nobody.matrix@example.be' } }),
    expect: everyone(202),
    forged: 'ignored',
  },
  'POST /api/v1/auth/reset-password': {
    request: () => ({ payload: { token: 'not-a-reset-token', password: 'Verband-2025!', password_confirmation: 'Verband-2025!' } }),
    expect: everyone(400),
    forged: 'ignored',
  },
};
