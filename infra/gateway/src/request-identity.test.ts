import { describe, expect, it } from 'vitest';
import { accessTokenClaims, bucketIdentity, parseCookies } from './request-identity';

/** A `tokens` cookie value as the portal writes it, around an unsigned JWT with these claims. */
function tokensCookie(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const jwt = `${part({ alg: 'HS256' })}.${part(claims)}.signature-not-checked`;
  return encodeURIComponent(JSON.stringify({ access_token: jwt, refresh_token: 'r', expires_in: 900 }));
}

describe('bucketIdentity', () => {
  it('buckets a buyer by organisation, so every buyer of one customer gets the same version', () => {
    const a = bucketIdentity(`tokens=${tokensCookie({ sub: 'u1', org: 'org-7', role: 'buyer' })}`, false);
    const b = bucketIdentity(`x=1; tokens=${tokensCookie({ sub: 'u2', org: 'org-7', role: 'admin' })}`, false);
    expect(a).toEqual({ id: 'org:org-7' });
    expect(b).toEqual({ id: 'org:org-7' });
  });

  it('buckets a user without an organisation by sub, and an anonymous session by the visitor cookie', () => {
    expect(bucketIdentity(`tokens=${tokensCookie({ sub: 'cm-1', org: null, role: 'case_manager' })}`, false)).toEqual({ id: 'user:cm-1' });
    const visitor = 'AbCdEfGhIjKlMnOpQrSt';
    const anon = bucketIdentity(`tokens=${tokensCookie({ sub: 'anon-9', org: null, role: 'anonymous' })}; portal_bucket=${visitor}`, false);
    expect(anon).toEqual({ id: `visitor:${visitor}` });
  });

  it('makes up a visitor id and a long-lived cookie when there is none, or a garbled one', () => {
    for (const header of [undefined, 'tokens=%7Bnope', 'portal_bucket=../../x']) {
      const fresh = bucketIdentity(header, true);
      const value = /^visitor:([A-Za-z0-9_-]{22})$/.exec(fresh.id)?.[1];
      expect(value).toBeDefined();
      expect(fresh.setCookie).toBe(`portal_bucket=${value}; Path=/; Max-Age=34560000; SameSite=Lax; HttpOnly; Secure`);
      // Sent back, the cookie gives the same identity.
      expect(bucketIdentity(`portal_bucket=${value}`, true)).toEqual({ id: fresh.id });
    }
    expect(bucketIdentity(undefined, false).setCookie).not.toContain('Secure');
  });
});

describe('cookie and token parsing', () => {
  it('reads cookies and the unverified claims of the access token, and survives garbage', () => {
    expect(parseCookies('a=1; b = 2;c=x=y; a=3')).toEqual(new Map([['a', '1'], ['b', '2'], ['c', 'x=y']]));
    expect(accessTokenClaims(tokensCookie({ sub: 's', org: 'o' }))).toEqual({ sub: 's', org: 'o' });
    for (const bad of [undefined, '', 'x', encodeURIComponent('{"access_token":"a.b"}'), encodeURIComponent('{"access_token":1}')]) {
      expect(accessTokenClaims(bad)).toBeUndefined();
    }
  });
});
