// Contract of the customers import (issue 29, decision 049): organisations by customer number with
// their checked VAT number, identifiers and case manager, versioned.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_ERRORS, INTEGRATION_ERRORS } from '@portal/shared/schemas';
import { organisations, staff, users } from '../../db/schema';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ndjson, sendBulk } from './imports.test-support';

let t: TestApp;
let client: TestIntegrationClient;
let manager: { email: string; id: string };
beforeAll(async () => {
  t = await startTestApp();
  client = await integrationClient(t.app, ['customers:write']);
  [manager] = (await t.app.database.db.select({ email: users.email, id: users.id }).from(staff).innerJoin(users, eq(users.id, staff.userId)).limit(1)) as [{ email: string; id: string }];
});
afterAll(async () => {
  await t?.close();
});

const customer = (over: Record<string, unknown> = {}) => ({
  customer_number: 'CU-IMP-1',
  version: 1,
  name: 'Imported Hospital',
  vat_number: 'BE0403170701',
  enterprise_number: '0403.170.701',
  peppol_participant_id: '0208:0403170701',
  client_type: 'B2G',
  organisation_type: 'medical',
  country: 'BE',
  case_manager_email: manager.email.toUpperCase(),
  ...over,
});
const organisation = (number: string) => t.app.database.db.select().from(organisations).where(eq(organisations.customerNumber, number)).then((r) => r[0]);

describe('customers import', () => {
  it('writes organisations, refuses a bad VAT number and an unknown case manager by line', async () => {
    const jobId = randomUUID();
    const res = await sendBulk(
      t.app,
      'customers',
      client.headers,
      ndjson([customer(), customer({ customer_number: 'CU-IMP-2', vat_number: 'BE0403170700' }), customer({ customer_number: 'CU-IMP-3', case_manager_email: 'nobody@example.com' })]),
      jobId,
    );
    expect(res.json()).toMatchObject({ status: 'done', accepted: 1, refused: 2 });
    expect(await organisation('CU-IMP-1')).toMatchObject({ name: 'Imported Hospital', vatNumber: 'BE0403170701', enterpriseNumber: '0403170701', clientType: 'B2G', caseManagerId: manager.id, sourceVersion: 1 });
    expect(await organisation('CU-IMP-2')).toBeUndefined();
    const refused = (await t.app.inject({ url: `/api/integration/v1/jobs/${jobId}/refusals`, headers: client.headers })).json();
    expect(refused.items.map((r: { line: number; code: string }) => [r.line, r.code])).toEqual([
      [2, IMPORT_ERRORS.INVALID_RECORD],
      [3, IMPORT_ERRORS.UNKNOWN_CASE_MANAGER],
    ]);
    expect(refused.items[0].message).toContain('vat_number');
  });

  it('changes nothing on a replay or an older version, writes a newer one; needs customers:write', async () => {
    expect((await sendBulk(t.app, 'customers', client.headers, ndjson([customer(), customer({ version: 0, name: 'Older' })]))).json()).toMatchObject({ accepted: 0, unchanged: 2 });
    expect((await organisation('CU-IMP-1'))?.name).toBe('Imported Hospital');
    expect((await sendBulk(t.app, 'customers', client.headers, ndjson([customer({ version: 2, name: 'Renamed' })]))).json()).toMatchObject({ accepted: 1 });
    expect((await organisation('CU-IMP-1'))?.name).toBe('Renamed');
    const other = await integrationClient(t.app, ['catalog:write']);
    const res = await sendBulk(t.app, 'customers', other.headers, ndjson([customer({ version: 3, name: 'No scope' })]));
    expect(res.json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
    expect((await organisation('CU-IMP-1'))?.name).toBe('Renamed');
  });
});
