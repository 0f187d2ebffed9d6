import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_ERRORS } from '@portal/shared/schemas';
import { call, lastMail } from '../../../test-support/account-helpers';
import { accessToken, anonymousToken, HOSPITAL_BUYER, POLICE_BUYER, query } from '../../../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Not the rate-limit test's sender (a limit per account). */
const POLICE_ADMIN = 'mark.devries@interventie-polder.example';
const form = { type: 'product', message: 'Do you also sell the tourniquet in black?', terms: true };

describe('contact form', () => {
  it("reaches the organisation's case manager through the outbox and confirms to the sender", async () => {
    const token = await accessToken(t.app, HOSPITAL_BUYER);
    const res = await call(t.app, 'POST', '/api/v1/contact', token, form);
    expect(res.statusCode, res.body).toBe(202);
    const toManager = await lastMail(t.app, 'an.claes@portal-supplier.example', 'contact.request');
    expect(toManager?.payload).toMatchObject({ senderEmail: HOSPITAL_BUYER, organisationName: 'Zorggroep Scheldeland', type: 'product', message: form.message });
    expect(await lastMail(t.app, HOSPITAL_BUYER, 'contact.confirmation')).not.toBeNull();
    const [stored] = await query<{ n: number }>(t.app, sql`select count(*)::int as n from contact_requests where message = ${form.message}`);
    expect(stored!.n).toBe(1);
  });

  it.each(['nl', 'fr'] as const)("writes to each in their own language (%s), not the sender's nor the page's (issue 40)", async (lang) => {
    await query(t.app, sql`update users set locale = ${lang} where email = 'an.claes@portal-supplier.example' returning id`);
    await query(t.app, sql`update users set locale = ${lang === 'nl' ? 'fr' : 'nl'} where email = ${POLICE_ADMIN} returning id`);
    const token = await accessToken(t.app, POLICE_ADMIN);
    const message = `Language check ${lang}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, payload: { ...form, message } });
    expect(res.statusCode, res.body).toBe(202);
    expect(await lastMail(t.app, 'an.claes@portal-supplier.example', 'contact.request')).toMatchObject({ locale: lang, payload: { message } });
    expect(await lastMail(t.app, POLICE_ADMIN, 'contact.confirmation')).toMatchObject({ locale: lang === 'nl' ? 'fr' : 'nl' });
  });

  it('requires the terms, a type and a message', async () => {
    const token = await accessToken(t.app, POLICE_BUYER);
    const res = await call(t.app, 'POST', '/api/v1/contact', token, { type: 'nonsense', message: ' ', terms: false });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { path: string; message: string }[];
    expect(errors).toContainEqual(expect.objectContaining({ path: 'terms', message: 'validation.termsRequired' }));
    expect(errors).toContainEqual(expect.objectContaining({ path: 'message', message: 'validation.required' }));
    expect(errors.map((e) => e.path)).toContain('type');
  });

  it('is rate limited per account, and closed to visitors and staff', async () => {
    const token = await accessToken(t.app, POLICE_BUYER);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await call(t.app, 'POST', '/api/v1/contact', token, { ...form, message: `Message ${i}` })).statusCode);
    expect(answers.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    const limited = await call(t.app, 'POST', '/api/v1/contact', token, form);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(API_ERRORS.RATE_LIMITED);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call(t.app, 'POST', '/api/v1/contact', await anonymousToken(t.app), form)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/v1/contact', await accessToken(t.app, 'an.claes@portal-supplier.example'), form)).statusCode).toBe(403);
  });
});
