import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranslationListSchema } from '@portal/shared/schemas';
import { startTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (query = '') => t.app.inject({ url: `/api/v1/translations${query}` });

describe('GET /api/v1/translations', () => {
  it('returns entries with en, nl and fr values, sorted by key', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const entries = v.parse(TranslationListSchema, res.json());
    expect(entries.length).toBeGreaterThan(30);
    const keys = entries.map((e) => e.key);
    expect(keys).toEqual([...keys].sort());
    for (const e of entries) {
      expect(e.en.length, e.key).toBeGreaterThan(0);
      expect(e.nl.length, e.key).toBeGreaterThan(0);
      expect(e.fr.length, e.key).toBeGreaterThan(0);
      // Really translated, not copied.
      if (e.en.length > 40) expect(e.nl, e.key).not.toBe(e.en);
    }
  });

  it('holds the policy page bodies and SEO descriptions', async () => {
    const entries = v.parse(TranslationListSchema, (await get()).json());
    const byKey = new Map(entries.map((e) => [e.key, e]));
    for (const policy of ['refund-policy', 'return-policy', 'general-policy', 'privacy-policy', 'shipping-policy', 'cookie-policy', 'terms-and-conditions']) {
      const entry = byKey.get(`policies.${policy}.body`);
      expect(entry, policy).toBeDefined();
      expect(entry!.en.length).toBeGreaterThan(200);
      expect(entry!.fr).toMatch(/^# /);
    }
    expect(byKey.get('policies.refund-policy.body')!.nl).toContain('Terugbetalingsbeleid');
    expect(byKey.get('seo.home.description')!.fr).toContain('Portail client');
  });

  it('answers 304 when the ETag still matches', async () => {
    const first = await get();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url: '/api/v1/translations', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ url: '/api/v1/translations', headers: { 'if-none-match': '"stale"' } });
    expect(other.statusCode).toBe(200);
  });

  it('filters by key prefix', async () => {
    const entries = v.parse(TranslationListSchema, (await get('?prefix=seo.')).json());
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.every((e) => e.key.startsWith('seo.'))).toBe(true);
    // LIKE wildcards in the prefix are taken literally.
    expect((await get('?prefix=s_o')).json()).toEqual([]);
    expect((await get('?prefix=')).json().length).toBe((await get()).json().length);
  });

  it('works with an access token too', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_id: 'portal-web', client_secret: 'test-client-secret', grant_type: 'anonymous' }).toString(),
    });
    const res = await t.app.inject({ url: '/api/v1/translations?prefix=policies.', headers: { authorization: `Bearer ${anon.json().access_token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThanOrEqual(7);
  });

  it.each([
    ['unknown field', '?locale=nl', 'validation.unknownField'],
    ['repeated field', '?prefix=a&prefix=b', 'validation.invalid.text'],
    ['huge value', `?prefix=${'a'.repeat(5000)}`, 'validation.tooBig.string'],
    ['bad characters', '?prefix=%27%3B%20drop%20table', 'validation.invalid.regex'],
    ['broken encoding', '?prefix=%E0%A4%A', 'validation.invalid.regex'],
  ])('refuses bad input (%s) with 400 VALIDATION_FAILED and field errors', async (_name, query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors[0].message).toBe(message);
  });
});
