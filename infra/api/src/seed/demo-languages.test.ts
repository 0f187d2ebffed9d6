// The demo speaks each organisation's language (issue 44): the case manager's seeded messages on an
// order are in its buyer's language, not English on a Dutch buyer's order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { CASE_MANAGER_MESSAGES } from './demo-orders';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the demo's case-manager messages", () => {
  it("are written in the order's buyer's language", async () => {
    const rows = await query<{ body: string; status: keyof typeof CASE_MANAGER_MESSAGES; locale: string }>(
      t.app,
      sql`select m.body, o.status::text as status, u.locale from order_messages m join orders o on o.id = m.order_id join users u on u.id = o.user_id
          where m.author_user_id in (select user_id from staff)`,
    );
    expect(rows.some((r) => r.locale === 'nl')).toBe(true);
    for (const r of rows) {
      const texts = CASE_MANAGER_MESSAGES[r.status]!;
      const lang = r.locale === 'nl' || r.locale === 'fr' ? r.locale : 'en';
      expect(r.body, `${r.status} to a ${r.locale} buyer`).toBe(texts[lang]);
    }
  });
});
