// A shipment line reported as the scanned GS1 barcode (`element_string`, decision 079): with GS as
// ASCII 29 or a scanner's `<GS>`, with `]d2`, bracketed; it stores the very lot index rows the
// structured fields store, and the recall guard refuses a recalled lot given so as it refuses the
// structured one. What the parser refuses (check digit, 30 February, unknown AI, 300 characters of
// garbage) is a 422 naming the line and the GS1 code, with a message the GS1 catalogues translate.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GS, gs1CheckDigit, loadGs1Messages } from '@portal/shared/gs1';
import { API_ERRORS, RECALL_ERRORS, SHIPMENT_ERRORS } from '@portal/shared/schemas';
import { query } from '../../test-support/demo-buyers';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { freshGtin, openRecall } from '../../test-support/recalls';
import { orderToShip, report, type OrderToShip } from '../../test-support/shipments';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { structuredLines } from './scanned-lines';
import { SHIPMENT_EXAMPLE, SHIPMENT_REPORT_EXAMPLE } from './shipments.examples';

let t: TestApp;
let warehouse: TestIntegrationClient;
let erp: TestIntegrationClient;
beforeAll(async () => {
  t = await startTestApp();
  warehouse = await integrationClient(t.app, ['shipments:write'], 'Scanning warehouse');
  erp = await integrationClient(t.app, ['recalls:write'], 'Scanning ERP');
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/integration/v1/shipments', headers: warehouse.headers, payload: payload as object });
/** GS1's example GTIN (check digit right) and the same with a wrong one. */
const GTIN = '09506000134352';
const BAD_GTIN = '09506000134353';

/** A report of `order` whose lines (one unit of each line by article code) carry `lines[i]`'s fields. */
function reportWith(order: OrderToShip, id: string, lines: Record<string, unknown>[]) {
  const r = report(order, id);
  return { ...r, lines: lines.map((extra, i) => ({ article_code: order.lines[i]!.article_code, quantity: 1, ...extra })) };
}

/** The lot index rows of a shipment, in report order, without their ids. */
const indexRows = (externalId: string) =>
  query<{ quantity: number; gtin: string | null; lot: string | null; expiry_on: string | null; serial_numbers: string[] }>(
    t.app,
    sql`select l.quantity, l.gtin, l.lot, l.expiry_on::text as expiry_on, l.serial_numbers from shipment_lines l join shipments s on s.id = l.shipment_id
        where s.external_id = ${externalId} order by l.position`,
  );

function expectRefused(res: Awaited<ReturnType<typeof post>>, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res.json().errors as { path: string; message: string; values?: Record<string, unknown> }[];
}

describe('a shipment line given as its scanned element string', () => {
  it('stores the same lot index rows as the structured fields: GS as ASCII 29, <GS> after ]d2, bracketed with day 00 and a serial', async () => {
    const structured = await orderToShip(t.app, 'processing');
    const scanned = await orderToShip(t.app, 'processing');
    const fields = [
      { gtin: GTIN, lot: 'L1234', expiry_on: '2027-12-31' },
      { gtin: GTIN, lot: 'L5678', expiry_on: '2027-12-31', serial_numbers: ['SN-9'] },
    ];
    const scans = [
      { element_string: `]d201${GTIN}10L1234${GS}17271231` },
      // Day 00 is the month's last day; the serial is the line's one unit.
      { element_string: `(01)${GTIN}(10)L5678(17)271200(21)SN-9` },
    ];
    expect((await post(reportWith(structured, 'SCAN-STRUCT-1', fields))).statusCode).toBe(201);
    const res = await post(reportWith(scanned, 'SCAN-ES-1', scans));
    expect(res.statusCode, res.body).toBe(201);
    const stored = await indexRows('SCAN-ES-1');
    expect(stored).toEqual(await indexRows('SCAN-STRUCT-1'));
    expect(stored).toEqual([
      { quantity: 1, gtin: GTIN, lot: 'L1234', expiry_on: '2027-12-31', serial_numbers: [] },
      { quantity: 1, gtin: GTIN, lot: 'L5678', expiry_on: '2027-12-31', serial_numbers: ['SN-9'] },
    ]);
    // The answer shows the lines as the structured report's would.
    expect(res.json().lines.map((l: { lot: string; expiry_on: string; serial_numbers: string[] }) => [l.lot, l.expiry_on, l.serial_numbers])).toEqual([
      ['L1234', '2027-12-31', []],
      ['L5678', '2027-12-31', ['SN-9']],
    ]);

    const wedge = await orderToShip(t.app, 'processing');
    expect((await post(reportWith(wedge, 'SCAN-WEDGE-1', [{ element_string: `]d201${GTIN}<GS>10L1234<GS>17271231` }]))).statusCode).toBe(201);
    expect(await indexRows('SCAN-WEDGE-1')).toEqual([stored[0]]);
  });

  it('keeps the report idempotent: the same body answers 200 and changes nothing; the structured form under the same id is another body (409)', async () => {
    const order = await orderToShip(t.app, 'processing');
    const body = reportWith(order, 'SCAN-REPLAY-1', [{ element_string: `01${GTIN}10L1${GS}17271231` }]);
    const first = await post(body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expectRefused(await post(reportWith(order, 'SCAN-REPLAY-1', [{ gtin: GTIN, lot: 'L1', expiry_on: '2027-12-31' }])), 409, SHIPMENT_ERRORS.CONFLICT);
    expect(await indexRows('SCAN-REPLAY-1')).toHaveLength(1);
  });

  it('refuses what the parser refuses with 422, naming each line and its GS1 code, never a 500', async () => {
    const order = await orderToShip(t.app, 'processing');
    const cases: [string, string, string, string | undefined][] = [
      ['a wrong check digit', `01${BAD_GTIN}10L1`, 'GS1_CHECK_DIGIT', '01'],
      ['30 February', `01${GTIN}17270230`, 'GS1_INVALID_DATE', '17'],
      ['an AI GS1 does not define', `01${GTIN}2300ABC`, 'GS1_UNKNOWN_AI', undefined],
      ['a lot over 20 characters', `(01)${GTIN}(10)${'L'.repeat(21)}`, 'GS1_VALUE_TOO_LONG', '10'],
      ['300 characters of garbage', `]d2${'\u0001%(é😀'.repeat(60)}<GS>`.slice(0, 300), 'GS1_INPUT_TOO_LONG', undefined],
      ['no GS1 at all', 'hello world', 'GS1_NOT_GS1', undefined],
      ['250 characters of digits and brackets', `(01)${GTIN}(${'9('.repeat(115)}`, 'GS1_BRACKETED_SYNTAX', undefined],
    ];
    for (const [what, scan, code, ai] of cases) {
      // The bad scan on the second line, after a good one: the error names line 1.
      const errors = expectRefused(await post(reportWith(order, 'SCAN-BAD-1', [{ element_string: `01${GTIN}10OK` }, { element_string: scan }])), 422, SHIPMENT_ERRORS.ELEMENT_STRING_INVALID);
      expect(errors, what).toEqual([{ path: 'lines.1.element_string', message: `gs1.error.${code}`, values: expect.objectContaining({ code, ...(ai ? { ai } : {}) }) }]);
    }
    // Every line refused at once, so the warehouse fixes the report in one go.
    const both = expectRefused(await post(reportWith(order, 'SCAN-BAD-2', [{ element_string: `01${BAD_GTIN}` }, { element_string: `01${GTIN}17270230` }])), 422, SHIPMENT_ERRORS.ELEMENT_STRING_INVALID);
    expect(both.map((e) => [e.path, e.values?.code])).toEqual([
      ['lines.0.element_string', 'GS1_CHECK_DIGIT'],
      ['lines.1.element_string', 'GS1_INVALID_DATE'],
    ]);
    // The messages are the GS1 catalogues' own, in each language.
    for (const locale of ['en', 'nl', 'fr']) {
      const texts = await loadGs1Messages(locale);
      for (const e of both) expect(texts[e.message], `${locale} ${e.message}`).toEqual(expect.any(String));
    }
    expect(await query(t.app, sql`select 1 from shipments where external_id in ('SCAN-BAD-1', 'SCAN-BAD-2')`)).toHaveLength(0);
  });

  it('refuses a scan that names no trade item (an SSCC), and a serial on a line of more than one unit', async () => {
    const order = await orderToShip(t.app, 'processing');
    const ssccBody = '09506000134352801';
    const noItem = expectRefused(await post(reportWith(order, 'SCAN-NOITEM-1', [{ element_string: `(00)${ssccBody}${gs1CheckDigit(ssccBody)}` }])), 422, SHIPMENT_ERRORS.ELEMENT_STRING_INVALID);
    expect(noItem).toEqual([{ path: 'lines.0.element_string', message: 'validation.required', values: { code: 'GS1_REQUIRED_AI_MISSING', ai: '01' } }]);
    const serialOfTwo = reportWith(order, 'SCAN-SERIAL-1', [{ element_string: `01${GTIN}21SN-1`, quantity: 2 }]);
    expect(expectRefused(await post(serialOfTwo), 422, SHIPMENT_ERRORS.ELEMENT_STRING_INVALID)).toEqual([{ path: 'lines.0.quantity', message: 'validation.tooBig.number', values: { count: 1 } }]);
  });

  it('refuses a line with both the scan and any structured field (400), and a scan over 1 000 characters before reading it', async () => {
    const order = await orderToShip(t.app, 'processing');
    const scan = `01${GTIN}10L1`;
    for (const extra of [{ lot: 'L1' }, { gtin: GTIN }, { expiry_on: '2027-12-31' }, { serial_numbers: ['SN-1'] }]) {
      const errors = expectRefused(await post(reportWith(order, 'SCAN-BOTH-1', [{ element_string: scan, ...extra }])), 400, API_ERRORS.VALIDATION_FAILED);
      expect(errors.map((e) => e.path), JSON.stringify(extra)).toEqual(['lines.0.element_string']);
    }
    for (const [what, scan] of [['blank', ''], ['over 1 000 characters', '0'.repeat(1001)], ['a number', 1234], ['a NUL', `01${GTIN}\u0000`]] as const) {
      const errors = expectRefused(await post(reportWith(order, 'SCAN-SIZE-1', [{ element_string: scan }])), 400, API_ERRORS.VALIDATION_FAILED);
      expect(errors.map((e) => e.path), what).toEqual(['lines.0.element_string']);
    }
  });

  it("keys the line by the scanned GTIN as the structured gtin is, also when it is not the ordered product's", async () => {
    const order = await orderToShip(t.app, 'processing');
    const [product] = await query<{ gtin: string | null }>(t.app, sql`select p.gtin from order_lines l join products p on p.id = l.product_id where l.id = ${order.lines[0]!.id}`);
    const other = freshGtin().gtin14;
    expect(other).not.toBe(product?.gtin);
    expect((await post(reportWith(order, 'SCAN-GTIN-1', [{ element_string: `(01)${other}(10)L-OTHER` }]))).statusCode).toBe(201);
    expect((await post(reportWith(order, 'SCAN-GTIN-2', [{ gtin: other, lot: 'L-OTHER' }]))).statusCode).toBe(201);
    expect(await indexRows('SCAN-GTIN-1')).toEqual(await indexRows('SCAN-GTIN-2'));
    expect((await indexRows('SCAN-GTIN-1'))[0]!.gtin).toBe(other);
  });

  it('refuses a recalled lot given as element string with SHIPMENT_LOT_RECALLED, as the structured lot', async () => {
    const { gtin13, gtin14 } = freshGtin();
    const opened = await t.app.inject({ method: 'POST', url: '/api/integration/v1/recalls', headers: erp.headers, payload: openRecall(gtin13, { lots: ['LOT-R'], reference: `FSCA-SCAN-${gtin13}` }) });
    expect(opened.statusCode, opened.body).toBe(201);
    const order = await orderToShip(t.app, 'processing');
    const scanned = await post(reportWith(order, `SCAN-RECALL-1-${gtin13}`, [{ element_string: `]d201${gtin14}10LOT-OK` }, { element_string: `]d201${gtin14}10LOT-R${GS}17300131` }]));
    const errors = expectRefused(scanned, 422, RECALL_ERRORS.LOT_RECALLED);
    expect(errors.map((e) => e.path)).toEqual(['lines.1.lot']);
    const structured = await post(reportWith(order, `SCAN-RECALL-2-${gtin13}`, [{ gtin: gtin14, lot: 'LOT-OK' }, { gtin: gtin14, lot: 'LOT-R', expiry_on: '2030-01-31' }]));
    expect(expectRefused(structured, 422, RECALL_ERRORS.LOT_RECALLED)).toEqual(errors);
    expect(await query(t.app, sql`select 1 from shipments where order_id = ${order.id}`)).toHaveLength(0);
    expect((await post(reportWith(order, `SCAN-RECALL-3-${gtin13}`, [{ element_string: `]d201${gtin14}10LOT-OK` }]))).statusCode).toBe(201);
  });
});

describe('the OpenAPI example', () => {
  it("reads its scanned line as the answer's line states it", () => {
    const i = SHIPMENT_REPORT_EXAMPLE.lines.findIndex((l) => l.element_string);
    const { order_line_id, quantity, expiry_on, serial_numbers } = structuredLines(SHIPMENT_REPORT_EXAMPLE.lines)[i]!;
    expect({ order_line_id, quantity, expiry_on, serial_numbers }).toEqual({ order_line_id: SHIPMENT_EXAMPLE.lines[i]!.order_line_id, quantity: 1, expiry_on: SHIPMENT_EXAMPLE.lines[i]!.expiry_on, serial_numbers: SHIPMENT_EXAMPLE.lines[i]!.serial_numbers });
  });
});
