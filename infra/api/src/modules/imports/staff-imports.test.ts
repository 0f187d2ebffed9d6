// The supplier staff's view of the imports (issue 29, the Integration page): every client's jobs
// with the client's name and counts, a job's refused lines in pages, and nothing for anyone else.
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, IMPORT_ERRORS, ImportRefusalListSchema, StaffImportJobListSchema } from '@portal/shared/schemas';
import { accessToken, HOSPITAL_BUYER } from '../../test-support/demo-buyers';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { CASE_MANAGER } from '../../test-support/orders';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ndjson, sendBulk } from './imports.test-support';

let t: TestApp;
let erp: TestIntegrationClient;
let wms: TestIntegrationClient;
let staff: Record<string, string>;
const erpJob = randomUUID();
const wmsJob = randomUUID();
beforeAll(async () => {
  t = await startTestApp();
  erp = await integrationClient(t.app, ['stock:write']);
  wms = await integrationClient(t.app, ['stock:write']);
  staff = { authorization: `Bearer ${await accessToken(t.app, CASE_MANAGER)}` };
  // Every line names a product that does not exist: three refusals, nothing written.
  const lines = ['NO-1', 'NO-2', 'NO-3'].map((code, i) => ({ article_code: code, level: 1, version: i + 1 }));
  expect((await sendBulk(t.app, 'stock', erp.headers, ndjson(lines), erpJob)).json()).toMatchObject({ refused: 3 });
  expect((await sendBulk(t.app, 'stock', wms.headers, ndjson(lines.slice(0, 1)), wmsJob)).json()).toMatchObject({ refused: 1 });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });

describe('staff imports', () => {
  it("lists every client's jobs, newest first, with the client's name, status, counts and last line", async () => {
    const res = await get('/api/v1/staff/integration/imports', staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { items } = v.parse(StaffImportJobListSchema, res.json());
    const mine = items.filter((j) => j.id === erpJob || j.id === wmsJob);
    expect(mine.map((j) => [j.id, j.client_name, j.kind, j.status, j.refused, j.last_committed_line])).toEqual([
      [wmsJob, wms.clientName, 'stock', 'done', 1, 1],
      [erpJob, erp.clientName, 'stock', 'done', 3, 3],
    ]);
  });

  it("pages a job's refused lines", async () => {
    const first = v.parse(ImportRefusalListSchema, (await get(`/api/v1/staff/integration/imports/${erpJob}/refusals?limit=2`, staff)).json());
    expect(first.items.map((r) => [r.line, r.code])).toEqual([
      [1, IMPORT_ERRORS.UNKNOWN_PRODUCT],
      [2, IMPORT_ERRORS.UNKNOWN_PRODUCT],
    ]);
    expect(first.next_after).toBe(2);
    const rest = v.parse(ImportRefusalListSchema, (await get(`/api/v1/staff/integration/imports/${erpJob}/refusals?after=2`, staff)).json());
    expect(rest.items.map((r) => r.line)).toEqual([3]);
    expect(rest.next_after).toBeNull();
  });

  it('answers an unknown job 404 and a malformed id or page 400', async () => {
    const unknown = await get(`/api/v1/staff/integration/imports/${randomUUID()}/refusals`, staff);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, IMPORT_ERRORS.JOB_NOT_FOUND]);
    expect((await get('/api/v1/staff/integration/imports/not-a-uuid/refusals', staff)).statusCode).toBe(400);
    expect((await get(`/api/v1/staff/integration/imports/${erpJob}/refusals?after=-1`, staff)).statusCode).toBe(400);
    expect((await get(`/api/v1/staff/integration/imports/${erpJob}/refusals?limit=99999999999`, staff)).statusCode).toBe(400);
  });

  it('refuses customers and integration clients', async () => {
    const buyer = { authorization: `Bearer ${await accessToken(t.app, HOSPITAL_BUYER)}` };
    for (const headers of [buyer, erp.headers]) {
      const list = await get('/api/v1/staff/integration/imports', headers);
      expect([list.statusCode, list.json().code]).toEqual([403, API_ERRORS.STAFF_ONLY]);
      expect((await get(`/api/v1/staff/integration/imports/${erpJob}/refusals`, headers)).statusCode).toBe(403);
    }
    expect((await get('/api/v1/staff/integration/imports', {})).statusCode).toBe(401);
  });
});
