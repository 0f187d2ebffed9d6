// Crossing (issue 40 item 7): one list of delivery countries. For each buyer (an organisation's, the
// web shop's) and each country a form might offer, the address book accepts a delivery address
// exactly where the checkout offers a way to ship there, and the preview prices an order to it
// exactly there: an address nobody can ship to, or a rate for a country no address may name, is
// two lists. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test-support/test-app';
import { as, BUYERS, prepareWorld, setCart, type World } from '../test-support/crossing-world';

let w: World;
beforeAll(async () => {
  w = await prepareWorld(await startTestApp({ paymentExpiryIntervalMs: 0 }));
}, 180_000);
afterAll(async () => {
  await w?.t.close();
});

const PLACES: Record<string, { postal_code: string; city: string }> = {
  BE: { postal_code: '9000', city: 'Gent' },
  NL: { postal_code: '1012 AB', city: 'Amsterdam' },
  LU: { postal_code: '1111', city: 'Luxembourg' },
  FR: { postal_code: '59000', city: 'Lille' },
  DE: { postal_code: '52062', city: 'Aachen' },
};

describe('one list of delivery countries', () => {
  it.each(['hospital', 'webshop'] as const)('%s: the address book takes a delivery address where the checkout ships, and only there', async (buyer) => {
    const { email, shop } = BUYERS[buyer];
    await setCart(w, email, [{ product_id: w.products[buyer][0]!, quantity: 1 }], shop);
    const disagreements: string[] = [];
    for (const [country, place] of Object.entries(PLACES)) {
      const address = await w.app.inject({
        method: 'POST',
        url: '/api/v1/addresses',
        headers: as(w, email, shop),
        payload: { label: `Depot ${country}`, type: 'shipping', street: 'Dok-Noord', nr: '7', box: '', ...place, country, email: 'depot@example.com', phone: '+32 9 111 22 33' },
      });
      const methods = await w.app.inject({ url: `/api/v1/checkout/shipping-methods?country=${country}`, headers: as(w, email, shop) });
      const preview = await w.app.inject({ method: 'POST', url: '/api/v1/checkout/preview', headers: as(w, email, shop), payload: { delivery_country: country, shipping_method: 'standard' } });
      const addressTaken = address.statusCode === 201;
      const shipped = methods.statusCode === 200 && (methods.json() as unknown[]).length > 0;
      const priced = preview.statusCode === 200;
      if (addressTaken !== shipped || shipped !== priced) disagreements.push(`${country}: address ${address.statusCode}, shipping methods ${methods.statusCode} ${methods.body.slice(0, 80)}, preview ${preview.statusCode}`);
    }
    expect(disagreements).toEqual([]);
  });
});
