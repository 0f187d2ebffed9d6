// The ERP guide's walk-through (docs/erp-guide.md, issue 41), run as written against the API with
// the demo data and `npm start`'s demo integration client: every ```http request in the order the
// guide shows it, each answer's status and the fields the guide shows. A guide that drifts from the
// API fails here, not in a reader's terminal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, HOSPITAL_BUYER } from '../test-support/demo-buyers';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { compareAnswer, fill, parseHttpExamples } from './http-examples';

const GUIDE = join(import.meta.dirname, '../../../../docs/erp-guide.md');
const markdown = readFileSync(GUIDE, 'utf8');
const requests = parseHttpExamples(markdown);

describe('the ERP guide reads as a walk-through', () => {
  it('shows its requests as ```http blocks, each with its answer, and no curl the test cannot run', () => {
    expect(requests.length).toBeGreaterThan(10);
    expect(requests.filter((r) => !r.expected).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const shellBlocks = [...markdown.matchAll(/^```(?:sh|bash)\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
    expect(shellBlocks.filter((block) => /\bcurl\b/.test(block))).toEqual([]);
  });

  it('finds a difference where the answer differs from what the guide shows', () => {
    const vars: Record<string, string> = {};
    expect(compareAnswer({ result: 'applied', items: [{ code: 'A' }, '…'] }, { result: 'unchanged', items: [] }, vars)).toEqual([
      '$.result: expected "applied", got "unchanged"',
      '$.items: expected at least 1 items, got 0',
    ]);
    expect(compareAnswer({ id: '{{job}}', message: 'GTIN 1: …' }, { id: 'j-1', message: 'GTIN 2: bad' }, vars)).toHaveLength(1);
    expect(vars.job).toBe('j-1');
  });
});

describe('the ERP guide, run against the demo data', () => {
  let t: TestApp;
  const vars: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp({ demoIntegrationClient: true });
    const demo = t.app.demoIntegrationClient!;
    // What `npm start` prints below the demo accounts, and an open invoice from the demo hospital's Invoices page.
    const buyer = await accessToken(t.app, HOSPITAL_BUYER);
    const invoices = await t.app.inject({ url: '/api/v1/invoices', headers: { authorization: `Bearer ${buyer}` } });
    const open = (invoices.json().items as { number: string; kind: string; status: string }[]).find((i) => i.kind === 'invoice' && i.status === 'open');
    Object.assign(vars, { client_id: demo.id, client_secret: demo.secret, invoice_number: open!.number });
  });
  afterAll(async () => {
    await t?.close();
  });

  requests.forEach((request, step) => {
    it(`${step + 1}. ${request.section}: ${request.method} ${request.url}`, async () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, fill(value, vars)]));
      const res = await t.app.inject({ method: request.method as 'GET', url: fill(request.url, vars), headers, payload: request.body ? fill(request.body, vars) : undefined });
      const expected = request.expected!;
      expect(res.statusCode, res.body).toBe(expected.status);
      const shown = expected.body;
      if (!shown) return;
      if (/^[[{]/.test(shown)) expect(compareAnswer(JSON.parse(shown), res.json(), vars), res.body).toEqual([]);
      else expect(res.body).toContain(shown);
    });
  });
});
