// The import CLI streams a CSV file into a bulk import and prints the job's summary and refusals.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productTranslations, products } from '../db/schema';
import { integrationClient } from '../test-support/integration-clients';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { subCategory } from '../modules/imports/imports.test-support';
import { csvRecord } from './csv-records';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

describe('import CLI', () => {
  it('maps dotted headers, bundles, numbers and booleans', () => {
    expect(csvRecord({ article_code: '00123', version: '7', 'translations.en.name': 'Gloves', bundle: 'A*2;B', active: 'false', gtin: '', nsn: 'null' })).toEqual({
      article_code: '00123',
      version: 7,
      translations: { en: { name: 'Gloves' } },
      bundle: [
        { article_code: 'A', quantity: 2 },
        { article_code: 'B', quantity: 1 },
      ],
      active: false,
      nsn: null,
    });
  });

  it('streams a CSV file into the products import and prints the summary and the refused lines', { timeout: 120_000 }, async () => {
    const client = await integrationClient(t.app, ['catalog:write']);
    const category = await subCategory(t.app);
    const dir = mkdtempSync(join(tmpdir(), 'portal-import-cli-'));
    const file = join(dir, 'products.csv');
    writeFileSync(
      file,
      [
        'article_code,version,translations.en.name,translations.nl.name,translations.fr.name,brand,category,price_cents,unit',
        `CLI-1,1,"Gloves, nitrile",Handschoenen,Gants,CLI Brand,${category},1295,box`,
        `CLI-2,1,Mask,Masker,Masque,CLI Brand,no-such-category,99,piece`,
      ].join('\n'),
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'import.ts'), '--kind', 'products', '--file', file, '--url', base, '--client-id', client.clientId, '--client-secret', client.clientSecret]);
    expect(stdout).toContain('done: 1 accepted, 0 unchanged, 1 refused (2 lines)');
    expect(stdout).toMatch(/line 2: IMPORT_UNKNOWN_CATEGORY/);
    const [row] = await t.app.database.db.select({ id: products.id, price: products.priceCents }).from(products).where(eq(products.articleCode, 'CLI-1'));
    expect(row?.price).toBe(1295);
    const names = await t.app.database.db.select({ name: productTranslations.name }).from(productTranslations).where(eq(productTranslations.productId, row!.id));
    expect(names.map((n) => n.name).sort()).toEqual(['Gants', 'Gloves, nitrile', 'Handschoenen']);
  });
});
