// A product picture uploaded by the PIM (issue 29): stored by its hash at a gallery position,
// served by the images route, the same picture again unchanged; not a picture, an unknown product
// and a missing scope refused.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_ERRORS, INTEGRATION_ERRORS } from '@portal/shared/schemas';
import { integrationClient, type TestIntegrationClient } from '../../test-support/integration-clients';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { ndjson, productLine, sendBulk, subCategory } from './imports.test-support';

let t: TestApp;
let client: TestIntegrationClient;
let png: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  client = await integrationClient(t.app, ['catalog:write']);
  expect((await sendBulk(t.app, 'products', client.headers, ndjson([productLine('IMG-1', await subCategory(t.app))]))).json()).toMatchObject({ accepted: 1 });
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
});
afterAll(async () => {
  await t?.close();
});

const put = (code: string, body: Buffer | string, type = 'image/png', headers = client.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/integration/v1/products/${code}/images?position=0&alt_en=Red%20box`, headers: { ...headers, 'content-type': type }, payload: body });

describe('product images', () => {
  it('stores the picture at its position, serves it, and changes nothing when sent again', async () => {
    expect((await put('IMG-1', png)).json()).toEqual({ result: 'applied' });
    expect((await put('IMG-1', png)).json()).toEqual({ result: 'unchanged' });
    const hash = createHash('sha256').update(png).digest('hex');
    const served = await t.app.inject({ url: `/api/v1/images/${hash}/320.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses what is not a picture, an unknown product and a client without catalog:write', async () => {
    const notImage = await put('IMG-1', Buffer.from('not a picture at all'));
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().code).toBe(IMPORT_ERRORS.NOT_AN_IMAGE);
    expect((await put('IMG-1', 'plain', 'text/plain')).statusCode).toBe(415);
    const unknown = await put('NO-SUCH', png);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(IMPORT_ERRORS.UNKNOWN_PRODUCT);
    const stockOnly = await integrationClient(t.app, ['stock:write']);
    const refused = await put('IMG-1', png, 'image/png', stockOnly.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(INTEGRATION_ERRORS.SCOPE_MISSING);
  });
});
