import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { DEMO_BUYER, expect, expectAccessible, passwordGrant, signIn, test } from './fixtures';

// Issue 42, decisions 074 and 080: a recall played end to end through the portal. The supplier's
// staff open a recall for a lot the demo seed shipped to the hospital; the hospital's administrator
// (who also placed the order) is mailed in French, sees the banner on her French dashboard and
// answers; the staff follow the answer, export the CSV and close the recall, after which no banner
// is left. The journey closes its recall whatever happens (afterAll), so the lot ships again and
// no other journey meets a banner or a refused shipment.

const CASE_MANAGER = { email: 'an.claes@portal-supplier.example', password: DEMO_BUYER.password };
const HOSPITAL_ADMIN = { email: 'sophie.peeters@zorggroep-scheldeland.example', password: DEMO_BUYER.password };
const HOSPITAL = 'Zorggroep Scheldeland';
const portal = { 'x-shop-type': 'portal' };

interface Mail {
  id: number;
  template: string;
  locale: string;
  subject: string;
  text: string;
  payload: Record<string, unknown>;
}

/** The recall mail to `to` that carries `token` in its reason, waiting for it to be queued. */
async function recallMail(request: APIRequestContext, to: string, token: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
        expect(res.status()).toBe(200);
        found = ((await res.json()) as Mail[]).find((m) => m.template === 'recalls.opened' && String(m.payload.reason).includes(token));
        return Boolean(found);
      },
      { timeout: 30_000, message: `the recall mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/**
 * A lot the demo seed shipped to the hospital and nobody else (each seeded line has its own lot,
 * decision 074's seed), read the way the hospital reads it: its UDI export of the past year (decision
 * 070), whose UDI-DI is the product's GTIN-14 for the demo devices. Its units: the rows' quantities.
 */
async function seededHospitalLot(request: APIRequestContext): Promise<{ gtin: string; lot: string; units: number; order: string }> {
  const { access_token } = await passwordGrant(request, HOSPITAL_ADMIN);
  const to = new Date();
  const from = new Date(to.getTime() - 365 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const res = await request.get(`/api/v1/udi-export?from=${day(from)}&to=${day(to)}&devices=all`, { headers: { authorization: `Bearer ${access_token}`, ...portal } });
  expect(res.status(), await res.text()).toBe(200);
  const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
  // The seed's own shipments (DEMO-…), not one another journey reported: whatever ran before, the same lot.
  const parsed = rows
    .filter((r) => r.shipment_id!.startsWith('DEMO-'))
    .map((r) => ({ gtin: r.udi_di!, lot: r.lot!, units: Number(r.quantity), order: r.order_number! }))
    .filter((r) => /^\d{14}$/.test(r.gtin) && r.lot);
  expect(parsed.length, 'the demo shipped devices to the hospital in the past year').toBeGreaterThan(0);
  const first = parsed[0]!;
  const units = parsed.filter((r) => r.gtin === first.gtin && r.lot === first.lot).reduce((s, r) => s + r.units, 0);
  return { gtin: first.gtin, lot: first.lot, units, order: first.order };
}

/** The administrator's account language, which her mails follow (decision 061). */
async function accountLocale(request: APIRequestContext, language?: string): Promise<string> {
  const { access_token } = await passwordGrant(request, HOSPITAL_ADMIN, language);
  const res = await request.get('/api/v1/profile', { headers: { authorization: `Bearer ${access_token}`, ...portal } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { locale: string }).locale;
}

const recallBannerItem = (page: Page, token: string) => page.getByTestId('recall-banner').getByRole('listitem').filter({ hasText: token });

let recallId: string | null = null;
let restoreLocale: string | null = null;

test.afterAll(async ({ request }) => {
  // Whatever failed, leave the demo as it was: the recall closed (its lot ships again, its banner
  // goes) and the administrator's mail language as it was before.
  if (recallId) {
    const { access_token } = await passwordGrant(request, CASE_MANAGER);
    const headers = { authorization: `Bearer ${access_token}`, ...portal };
    const recall = (await (await request.get(`/api/v1/staff/recalls/${recallId}`, { headers })).json()) as { closed_at: string | null };
    if (!recall.closed_at) {
      const note = 'Closed by the journey after a failure.';
      const closed = await request.post(`/api/v1/staff/recalls/${recallId}/close`, { headers, data: { note: { en: note, nl: note, fr: note } } });
      expect(closed.status(), await closed.text()).toBe(200);
    }
  }
  if (restoreLocale) expect(await accountLocale(request, restoreLocale)).toBe(restoreLocale);
});

test('staff open a recall of a seeded lot, the hospital is mailed in French and answers, staff follow, export and close it', async ({ page, browser, request }) => {
  const seeded = await seededHospitalLot(request);
  // One token per run: the journey's recall, banner line and mail are told apart from any other.
  const token = `E2E-${Date.now()}`;
  const reference = `FSCA-${token}`;

  // The administrator uses the portal in French: her account's language follows (decision 061), so the mail is French.
  restoreLocale = await accountLocale(request);
  expect(await accountLocale(request, 'fr')).toBe('fr');

  // 1. Staff open the recall on their recalls page.
  await page.goto('/en');
  await signIn(page, request, CASE_MANAGER);
  await page.goto('/en/user/recalls');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recalls');
  const form = page.getByRole('form', { name: 'Open a recall or field safety notice' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('table', { name: 'Recalls and field safety notices, newest first' }).or(page.getByText('No recall has been opened.'))).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('textbox', { name: 'GTIN', exact: true }).fill(seeded.gtin);
  await form.getByRole('textbox', { name: 'Reference (FSCA number, optional)', exact: true }).fill(reference);
  await form.getByRole('textbox', { name: 'Lots', exact: true }).fill(seeded.lot);
  const reason = { en: `Seal may leak (${token}).`, nl: `De verzegeling kan lekken (${token}).`, fr: `Le scellé peut fuir (${token}).` };
  const instructions = { en: 'Stop using the lot and set it apart.', nl: 'Gebruik het lot niet meer en zet het apart.', fr: 'Cessez d’utiliser le lot et mettez-le à part.' };
  for (const lang of ['en', 'nl', 'fr'] as const) {
    await form.getByRole('textbox', { name: `Reason (${lang.toUpperCase()})`, exact: true }).fill(reason[lang]);
    await form.getByRole('textbox', { name: `Instructions (${lang.toUpperCase()})`, exact: true }).fill(instructions[lang]);
  }
  await form.getByRole('button', { name: 'Open the recall' }).click();

  // The follow-up names the receivers found: the hospital alone, with every unit of the lot.
  await expect(page).toHaveURL(/\/en\/user\/recalls\/[0-9a-f-]{36}$/);
  recallId = page.url().split('/').at(-1)!;
  await expect(page.getByText(`Lots: ${seeded.lot}`)).toBeVisible();
  await expect(page.getByText(`1 organisations told, 0 answered; ${seeded.units} units delivered, ${seeded.units} still out.`)).toBeVisible();
  const receiver = page.getByRole('region', { name: HOSPITAL, exact: true });
  await expect(receiver).toBeVisible();
  await expect(receiver.getByText(`Told: ${HOSPITAL_ADMIN.email}`)).toBeVisible();
  await expect(receiver.getByText(`Not answered yet. ${seeded.units} of ${seeded.units} units still out.`)).toBeVisible();
  await expect(receiver.getByRole('table', { name: `Deliveries to ${HOSPITAL}` }).getByRole('row').filter({ hasText: seeded.order })).toContainText(seeded.lot);
  await expectAccessible(page);

  // 2. The administrator's mail, in French, with the French texts and the link to her notice.
  const mail = await recallMail(request, HOSPITAL_ADMIN.email, token);
  expect(mail.locale).toBe('fr');
  expect(mail.subject).toBe(`Rappel\u00a0: GTIN ${seeded.gtin} livré à ${HOSPITAL}`);
  expect(mail.text).toContain(`Raison\u00a0: ${reason.fr}`);
  expect(mail.text).toContain(`Que faire\u00a0: ${instructions.fr}`);
  expect(mail.text).toContain(`Lots\u00a0: ${seeded.lot}`);
  expect(String(mail.payload.path)).toBe(`/fr/user/recalls/${recallId}`);

  // Her French dashboard shows the banner until she answers; its link leads to the answer.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  try {
    await adminPage.goto('/fr');
    await signIn(adminPage, request, HOSPITAL_ADMIN);
    await adminPage.goto('/fr');
    const line = recallBannerItem(adminPage, token);
    await expect(line).toContainText(`Rappel du GTIN ${seeded.gtin} : ${seeded.units} unités livrées à votre organisation. ${reason.fr}`);
    await line.getByRole('link', { name: 'Indiquez-nous ce que vous détenez et renvoyez' }).click();
    await expect(adminPage).toHaveURL(new RegExp(`${String(mail.payload.path)}$`));
    const answer = adminPage.getByRole('form', { name: 'Votre réponse' });
    await expect(answer).toBeVisible();
    await expect(adminPage.getByText(`Votre organisation a reçu ${seeded.units} unité`)).toBeVisible();
    await expectAccessible(adminPage);
    // One on hand to return, the rest used: one unit stays out.
    const used = seeded.units - 1;
    await answer.getByRole('textbox', { name: 'Unités en stock', exact: true }).fill('1');
    await answer.getByRole('textbox', { name: 'Unités déjà utilisées', exact: true }).fill(String(used));
    await answer.getByRole('textbox', { name: 'Unités à renvoyer', exact: true }).fill('1');
    await answer.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await expect(answer.getByText('Merci : votre réponse a été enregistrée.')).toBeVisible();
    const answered = adminPage.getByText(new RegExp(`^Réponse du .+\\s: 1 en stock, ${used} utilisées, 1 à renvoyer\\.$`));
    await expect(answered).toBeVisible();
    await adminPage.goto('/fr');
    await expect(adminPage.getByRole('heading', { level: 1 })).toBeVisible();
    // The banner's query has answered (the list of open recalls) before its absence is believed.
    await expect.poll(async () => (await adminPage.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/recalls?open=true'))))).toBe(true);
    await expect(recallBannerItem(adminPage, token)).toHaveCount(0);

    // 3. Staff see who answered what and what is still out, and export it.
    await page.reload();
    await expect(page.getByText(`1 organisations told, 1 answered; ${seeded.units} units delivered, 1 still out.`)).toBeVisible();
    await expect(receiver.getByText(new RegExp(`Answered by Sophie Peeters on .+: 1 on hand, ${used} used, 1 to return\\. 1 of ${seeded.units} units still out\\.`))).toBeVisible();
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export for the authority (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe(`recall-${reference}.csv`);
    const csv = parse(await readFile((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(csv.length).toBeGreaterThan(0);
    for (const row of csv) {
      expect(row).toMatchObject({ recall_id: recallId, reference, kind: 'recall', gtin: seeded.gtin, status: 'open', organisation: HOSPITAL, answered_by: 'Sophie Peeters' });
      expect(row).toMatchObject({ units_on_hand: '1', units_used: String(used), units_to_return: '1', units_outstanding: '1', order_number: seeded.order, lot: seeded.lot });
    }
    expect(csv.reduce((s, row) => s + Number(row.units), 0)).toBe(seeded.units);

    // The Close dialog takes the focus, lets Escape out and gives the focus back to its button.
    const closeButton = page.getByRole('button', { name: 'Close the recall' });
    await closeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Close the recall' });
    await expect(dialog.getByRole('textbox', { name: 'Closing note (EN)', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(closeButton).toBeFocused();
    await closeButton.press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Closing note (EN)', exact: true })).toBeFocused();
    await expectAccessible(page);
    const note = { en: 'Every unit is accounted for.', nl: 'Elke eenheid is verantwoord.', fr: 'Chaque unité est justifiée.' };
    for (const lang of ['en', 'nl', 'fr'] as const) await dialog.getByRole('textbox', { name: `Closing note (${lang.toUpperCase()})`, exact: true }).fill(note[lang]);
    await dialog.getByRole('button', { name: 'Close the recall' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(/^Closed on .+ by An Claes\.$/)).toBeVisible();
    await expect(page.getByText(note.en)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close the recall' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export for the authority (CSV)' })).toBeFocused();

    // 4. Once closed, nobody is asked: the administrator's notice says so and takes no answer, her
    // dashboard has no banner, and no member of the hospital has the recall among their open ones.
    await adminPage.goto(String(mail.payload.path));
    await expect(adminPage.getByText(`Votre organisation a reçu ${seeded.units} unité`)).toBeVisible();
    await expect(adminPage.getByText(note.fr)).toBeVisible();
    await expect(answered).toBeVisible();
    await expect(adminPage.getByRole('form', { name: 'Votre réponse' })).toHaveCount(0);
    await adminPage.goto('/fr');
    await expect(adminPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(async () => (await adminPage.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/recalls?open=true'))))).toBe(true);
    await expect(recallBannerItem(adminPage, token)).toHaveCount(0);
    for (const member of [HOSPITAL_ADMIN, DEMO_BUYER]) {
      const { access_token } = await passwordGrant(request, member);
      const open = await request.get('/api/v1/recalls?open=true', { headers: { authorization: `Bearer ${access_token}`, ...portal } });
      expect(open.status()).toBe(200);
      expect(((await open.json()) as { items: { id: string }[] }).items.map((r) => r.id)).not.toContain(recallId);
    }
  } finally {
    await adminContext.close();
  }
});
