import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test-support/test-app';
import { accessToken, anonymousToken, HOSPITAL_BUYER, POLICE_BUYER } from '../../../test-support/demo-buyers';

const CASE_MANAGER = 'an.claes@portal-supplier.example';

let t: TestApp;
let hospital: string;
let police: string;
beforeAll(async () => {
  t = await startTestApp();
  [hospital, police] = await Promise.all([accessToken(t.app, HOSPITAL_BUYER), accessToken(t.app, POLICE_BUYER)]);
});
afterAll(async () => {
  await t?.close();
});

const get = (token?: string) =>
  t.app.inject({ url: '/api/v1/me/preferences', headers: token ? { authorization: `Bearer ${token}` } : {} });
const put = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/me/preferences', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

describe('display preferences', () => {
  it('start excluding VAT, and a change is the caller\'s own', async () => {
    expect((await get(hospital)).json()).toEqual({ prices_incl_vat: false });
    const changed = await put(hospital, { prices_incl_vat: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ prices_incl_vat: true });
    expect((await get(hospital)).json()).toEqual({ prices_incl_vat: true });
    expect((await get(hospital)).headers['cache-control']).toBe('private, no-store');
    // Another organisation's buyer is untouched, and a new sign-in of the same user finds the change.
    expect((await get(police)).json()).toEqual({ prices_incl_vat: false });
    expect((await get(await accessToken(t.app, HOSPITAL_BUYER))).json()).toEqual({ prices_incl_vat: true });
    expect((await put(hospital, { prices_incl_vat: false })).json()).toEqual({ prices_incl_vat: false });
  });

  it('cannot name another user: the body takes no id and the token decides whose preferences change', async () => {
    const res = await put(police, { prices_incl_vat: true, user_id: 'someone-else' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect((await get(police)).json()).toEqual({ prices_incl_vat: false });
    expect((await get(hospital)).json()).toEqual({ prices_incl_vat: false });
  });

  it('rejects bad bodies with field errors and changes nothing', async () => {
    for (const payload of [{ prices_incl_vat: 'yes' }, { prices_incl_vat: 1 }, {}, [], null]) {
      const res = await put(hospital, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get(hospital)).json()).toEqual({ prices_incl_vat: false });
  });

  it('need a signed-in user; staff have preferences too', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get(await anonymousToken(t.app))).statusCode).toBe(401);
    expect((await put(await anonymousToken(t.app), { prices_incl_vat: true })).statusCode).toBe(401);
    const staff = await accessToken(t.app, CASE_MANAGER);
    expect((await put(staff, { prices_incl_vat: true })).json()).toEqual({ prices_incl_vat: true });
  });
});
