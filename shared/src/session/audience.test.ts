// Who the portal speaks to, from the access token's claims (issue 32): a web-shop customer is a
// signed-in person without an organisation, and is neither a contract customer nor a visitor.
import { describe, expect, it } from 'vitest';
import { audienceOf } from './access-token-claims';

const claims = (role: string, org: string | null) => ({ sub: 'u', org, role, iss: 'portal-api', aud: 'portal', exp: 9e9 }) as never;

describe('audienceOf', () => {
  it('tells visitors, staff, contract customers and web-shop customers apart', () => {
    expect(audienceOf(null, false)).toBe('visitor');
    expect(audienceOf(claims('anonymous', null), false)).toBe('visitor');
    expect(audienceOf(claims('case_manager', null), true)).toBe('staff');
    expect(audienceOf(claims('sales_consultant', null), true)).toBe('staff');
    expect(audienceOf(claims('buyer', 'org-1'), true)).toBe('contract');
    expect(audienceOf(claims('admin', 'org-1'), true)).toBe('contract');
    expect(audienceOf(claims('buyer', null), true)).toBe('webshop');
  });

  it("leaves an undecodable signed-in token to the contract pages, whose API answers decide", () => {
    expect(audienceOf(null, true)).toBe('contract');
  });
});
