// requireScope and requireIntegrationClient (caller.ts): who gets which refusal.
import { describe, expect, it } from 'vitest';
import { API_ERRORS, INTEGRATION_ERRORS } from '@portal/shared/schemas';
import { PUBLIC_CALLER, SYSTEM_CALLER, requireScope, requireStaff, type Caller } from './caller';
import { AppError } from './errors';

const client: Caller = { kind: 'integration', clientId: 'c1', clientName: 'ERP', scopes: ['stock:write'], organisationId: null };
const customer: Caller = { kind: 'customer', userId: 'u1', organisationId: 'o1', role: 'admin' };
const staff: Caller = { kind: 'staff', userId: 'u2', organisationId: null, role: 'case_manager' };
const anonymous: Caller = { kind: 'anonymous', sessionId: 's1', role: 'anonymous', organisationId: null };

function refusal(run: () => void): { status: number; code: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.statusCode, code: err.code };
  }
}

describe('requireScope', () => {
  it('lets a client with the scope through', () => {
    expect(refusal(() => requireScope(client, 'stock:write'))).toBeNull();
  });
  it('refuses a client without the scope with 403 INTEGRATION_SCOPE_MISSING', () => {
    expect(refusal(() => requireScope(client, 'catalog:write'))).toEqual({ status: 403, code: INTEGRATION_ERRORS.SCOPE_MISSING });
  });
  it('refuses no token with 401, a person, an anonymous session or the system with 403 INTEGRATION_CLIENT_REQUIRED', () => {
    expect(refusal(() => requireScope(PUBLIC_CALLER, 'stock:write'))).toEqual({ status: 401, code: API_ERRORS.UNAUTHORIZED });
    for (const caller of [customer, staff, anonymous, SYSTEM_CALLER]) {
      expect(refusal(() => requireScope(caller, 'stock:write'))).toEqual({ status: 403, code: INTEGRATION_ERRORS.NOT_A_CLIENT });
    }
  });
});

describe('requireStaff', () => {
  it('lets staff through, refuses customers and clients with 403 STAFF_ONLY and visitors with 401', () => {
    expect(refusal(() => requireStaff(staff))).toBeNull();
    expect(refusal(() => requireStaff(customer))).toEqual({ status: 403, code: API_ERRORS.STAFF_ONLY });
    expect(refusal(() => requireStaff(client))).toEqual({ status: 403, code: API_ERRORS.STAFF_ONLY });
    expect(refusal(() => requireStaff(anonymous))).toEqual({ status: 401, code: API_ERRORS.UNAUTHORIZED });
  });
});
