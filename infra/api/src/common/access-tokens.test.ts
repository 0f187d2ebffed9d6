// The access-token signer remembers the tokens it verified (issue 13): a remembered token must
// answer exactly as verifying it again would — the same caller until its expiry, expired from then
// on — and nothing that was not verified is ever taken from memory.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner, InvalidTokenError } from './access-tokens';

const key = new Uint8Array(32).fill(7);
const signer = () => createTokenSigner({ key, issuer: 'portal-test', audience: 'portal-api', ttlSeconds: 60 });
const claims = { sub: '0b8f4c2e-1d2a-4c3b-9e8f-1a2b3c4d5e6f', org: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f', role: 'buyer' as const, sid: 'session-1' };

/** The error a verification throws (or null). */
async function refusal(p: Promise<unknown>): Promise<InvalidTokenError | null> {
  try {
    await p;
    return null;
  } catch (err) {
    if (err instanceof InvalidTokenError) return err;
    throw err;
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens verified again', () => {
  it('answer the same caller while valid, and expired from the second of their expiry on', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00.000Z'), toFake: ['Date'] });
    const s = signer();
    const token = await s.sign(claims);
    const expected = { kind: 'customer', userId: claims.sub, organisationId: claims.org, role: 'buyer' };
    expect(await s.verify(token)).toEqual(expected);
    // A caller handed out is a copy: changing it does not change the next answer.
    const first = await s.verify(token);
    (first as { organisationId: string | null }).organisationId = 'someone else';
    expect(await s.verify(token)).toEqual(expected);

    vi.setSystemTime(new Date('2026-11-24T12:00:59.999Z'));
    expect(await s.verify(token)).toEqual(expected);
    vi.setSystemTime(new Date('2026-11-24T12:01:00.000Z'));
    expect((await refusal(s.verify(token)))?.expired).toBe(true);
    // And stays expired (verified afresh: jose's answer is the same).
    expect((await refusal(s.verify(token)))?.expired).toBe(true);
    expect((await refusal(signer().verify(token)))?.expired).toBe(true);
  });

  it('never accept a token that differs from a verified one, nor one signed with another key', async () => {
    const s = signer();
    const token = await s.sign(claims);
    await s.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), org: null })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    for (const forged of [`${header}.${otherPayload}.${signature}`, `${header}.${payload}.${flipped}`, `${token}x`]) {
      expect((await refusal(s.verify(forged)))?.expired, forged).toBe(false);
    }
    const foreign = await createTokenSigner({ key: new Uint8Array(32).fill(8), issuer: 'portal-test', audience: 'portal-api', ttlSeconds: 60 }).sign(claims);
    expect((await refusal(s.verify(foreign)))?.expired).toBe(false);
    // The genuine token is still fine.
    expect((await s.verify(token)).kind).toBe('customer');
  });
});
