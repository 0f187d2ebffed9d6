import { describe, expect, it } from 'vitest';
import { requireSignedIn, PUBLIC_CALLER } from './caller';

// What each caller may see is tested in common/scope/scope.test.ts.
describe('requireSignedIn', () => {
  it('lets only people through', () => {
    expect(() => requireSignedIn(PUBLIC_CALLER)).toThrow(/Sign in/);
    expect(() => requireSignedIn({ kind: 'anonymous', sessionId: 's', role: 'anonymous', organisationId: null })).toThrow(/Sign in/);
    expect(() => requireSignedIn({ kind: 'customer', userId: 'u', organisationId: 'o', role: 'admin' })).not.toThrow();
    expect(() => requireSignedIn({ kind: 'staff', userId: 's', organisationId: null, role: 'case_manager' })).not.toThrow();
  });
});
