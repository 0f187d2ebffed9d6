// Crossing invariant 4 (issue 40): each mail is in its recipient's language, whoever's action sent
// it and in whatever language the request came. The hospital's buyer reads Dutch and its
// administrator French, the requests are English; the buyer orders on account, sends a cart for
// approval that the administrator approves and another that she rejects, the warehouse ships, and
// the police unit (a Dutch business without a Peppol id) orders and is invoiced. Every mail queued
// to a person then carries that person's language, and its links that language's path; the police
// unit's invoice goes to the billing e-mail its contract page shows (issue 40 item 6). Reads the
// outbox (what the dispatcher renders from): the templates themselves are the mail module's tests'.
// Runs on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_DELIVER } from '../modules/invoice-delivery/delivery-status';
import { accessToken, query } from '../test-support/demo-buyers';
import { CASE_MANAGER } from '../test-support/orders';
import { startTestApp } from '../test-support/test-app';
import { as, checkoutBody, HOSPITAL_ADMIN, HOSPITAL_BUYER, orderPage, POLICE_BUYER, prepareWorld, setCart, ship, type World } from '../test-support/crossing-world';

let w: World;
let firstOutbox = 0;
beforeAll(async () => {
  w = await prepareWorld(await startTestApp({ paymentExpiryIntervalMs: 0 }));
  await query(w.app, sql`update users set locale = 'nl' where email in (${HOSPITAL_BUYER}, ${POLICE_BUYER})`);
  await query(w.app, sql`update users set locale = 'fr' where email = ${HOSPITAL_ADMIN}`);
  const rule = await w.app.inject({ method: 'POST', url: '/api/v1/approval-rules', headers: as(w, HOSPITAL_ADMIN), payload: { kind: 'order_total_above', amount_cents: 10_000 } });
  expect(rule.statusCode, rule.body).toBe(201);
  firstOutbox = (await query<{ id: number }>(w.app, sql`select coalesce(max(id), 0)::int as id from outbox`))[0]!.id;
}, 180_000);
afterAll(async () => {
  await w?.t.close();
});

async function placeOnAccount(email: string, productId: string, quantity: number, language = 'en') {
  await setCart(w, email, [{ product_id: productId, quantity }]);
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: as(w, email, 'portal', { 'idempotency-key': crypto.randomUUID(), 'accept-language': language }),
    payload: await checkoutBody(w, email),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function submitAndDecide(decision: 'approve' | 'reject', language = 'en') {
  await setCart(w, HOSPITAL_BUYER, [{ product_id: w.products.hospital[0]!, quantity: 10 }]);
  const submitted = await w.app.inject({ method: 'POST', url: '/api/v1/approval-requests', headers: as(w, HOSPITAL_BUYER, 'portal', { 'accept-language': language }), payload: await checkoutBody(w, HOSPITAL_BUYER) });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const id = submitted.json().id as string;
  const decided = await w.app.inject({ method: 'POST', url: `/api/v1/approval-requests/${id}/decision`, headers: as(w, HOSPITAL_ADMIN, 'portal', { 'accept-language': language }), payload: { decision, comment: 'OK' } });
  expect(decided.statusCode, decided.body).toBe(200);
  return (await w.app.inject({ url: `/api/v1/approval-requests/${id}`, headers: as(w, HOSPITAL_BUYER) })).json() as { order_id: string | null };
}

describe('each mail is in its recipient\'s language', () => {
  it('every mail to a person of the journeys carries their language, and links in it', async () => {
    const direct = await placeOnAccount(HOSPITAL_BUYER, w.products.hospital[1]!, 1);
    const approved = await submitAndDecide('approve');
    await submitAndDecide('reject');
    for (const id of [direct, approved.order_id!]) {
      const { number } = await orderPage(w, HOSPITAL_BUYER, id);
      const lines = await query<{ quantity: number }>(w.app, sql`select quantity from order_lines where order_id = ${id} order by article_code`);
      await ship(w, id, number, [lines.map((l) => l.quantity)]);
    }
    const mails = await query<{ template: string; recipient: string; locale: string; payload: Record<string, unknown>; reader: string | null }>(
      w.app,
      sql`select o.template, o.recipient, o.locale, o.payload, u.locale as reader from outbox o left join users u on lower(u.email) = lower(o.recipient)
          where o.id > ${firstOutbox} and o.channel = 'email' order by o.id`,
    );
    const toPeople = mails.filter((m) => m.reader !== null);
    // The journeys told the buyer (placed, approved, rejected, shipped) and the approvers (a request waits).
    const templates = new Set(toPeople.map((m) => m.template));
    expect([...templates].some((t) => t.startsWith('approval.')), [...templates].join(', ')).toBe(true);
    expect(toPeople.some((m) => m.recipient === HOSPITAL_BUYER && m.template === 'approval.approved')).toBe(true);
    expect(toPeople.some((m) => m.recipient === HOSPITAL_ADMIN && m.template === 'approval.submitted')).toBe(true);
    const wrong = toPeople.flatMap((m) => {
      const links = Object.entries(m.payload).filter(([k, v]) => typeof v === 'string' && /(path|url|link)$/i.test(k) && /^(https?:\/\/[^/]+)?\/(en|nl|fr)\//.test(v));
      const badLinks = links.filter(([, v]) => !new RegExp(`^(https?://[^/]+)?/${m.reader}/`).test(v as string));
      return m.locale !== m.reader || badLinks.length ? [`${m.template} to ${m.recipient} (reads ${m.reader}): locale ${m.locale}${badLinks.map(([k, v]) => `, ${k} ${String(v)}`).join('')}`] : [];
    });
    expect(wrong).toEqual([]);
  });

  it('an organisation without a Peppol id is invoiced at the billing e-mail its contract page shows', async () => {
    await query(w.app, sql`update organisations set peppol_participant_id = null, billing_email = 'facturen@interventie-polder.example' where id = ${w.orgs.police}`);
    const page = await w.app.inject({ url: '/api/v1/organisation', headers: as(w, POLICE_BUYER) });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json().billing_email as string;
    expect(shown).toBe('facturen@interventie-polder.example');
    const id = await placeOnAccount(POLICE_BUYER, w.products['nl-business'][0]!, 2);
    const { number } = await orderPage(w, POLICE_BUYER, id);
    await ship(w, id, number, [[2]]);
    const deliveries = await query<{ channel: string; recipient: string; status: string }>(
      w.app,
      sql`select d.channel, d.recipient, d.status from invoice_deliveries d join invoices i on i.id = d.document_id where i.order_id = ${id}`,
    );
    expect(deliveries.map((d) => [d.channel, d.recipient])).toEqual([['email', shown]]);
  });

  it('no invoice of an organisation with a billing e-mail reads that it was sent to nobody (the demo\'s included)', async () => {
    const staff = await accessToken(w.app, CASE_MANAGER);
    const list = await w.app.inject({ url: '/api/v1/invoices?page_size=100', headers: { authorization: `Bearer ${staff}`, 'accept-language': 'en' } });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { id: string; number: string; organisation_name: string | null }[];
    expect(items.length).toBeGreaterThan(0);
    const nobody: string[] = [];
    for (const item of items.filter((i) => i.organisation_name !== null)) {
      const detail = (await w.app.inject({ url: `/api/v1/invoices/${item.id}`, headers: { authorization: `Bearer ${staff}`, 'accept-language': 'en' } })).json();
      if (detail.delivery_error === NOTHING_TO_DELIVER || detail.delivery_status === 'failed') nobody.push(`${item.number} (${item.organisation_name}): ${detail.delivery_status} ${detail.delivery_error}`);
    }
    expect(nobody).toEqual([]);
  });

  it('the demo\'s buyer, browsing in Dutch: the order confirmation and the approval mails to one person share one language (the issue\'s journey)', async () => {
    // The seed's languages (decision: whatever the one rule says a person reads, it says it once for every mail).
    await query(w.app, sql`update users set locale = 'en' where email in (${HOSPITAL_BUYER}, ${HOSPITAL_ADMIN})`);
    const from = (await query<{ id: number }>(w.app, sql`select coalesce(max(id), 0)::int as id from outbox`))[0]!.id;
    await placeOnAccount(HOSPITAL_BUYER, w.products.hospital[1]!, 1, 'nl');
    await submitAndDecide('approve', 'nl');
    const mails = await query<{ template: string; recipient: string; locale: string }>(
      w.app,
      sql`select template, recipient, locale from outbox where id > ${from} and channel = 'email' and recipient in (${HOSPITAL_BUYER}, ${HOSPITAL_ADMIN}) order by id`,
    );
    const byRecipient = new Map<string, Set<string>>();
    for (const m of mails) byRecipient.set(m.recipient, (byRecipient.get(m.recipient) ?? new Set()).add(`${m.template}:${m.locale}`));
    expect([...byRecipient.get(HOSPITAL_BUYER) ?? []].some((x) => x.startsWith('order.confirmation'))).toBe(true);
    for (const [recipient, seen] of byRecipient) expect(new Set([...seen].map((x) => x.split(':')[1])).size, `${recipient}: ${[...seen].join(', ')}`).toBe(1);
  });
});
