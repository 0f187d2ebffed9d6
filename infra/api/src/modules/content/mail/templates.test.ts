import { describe, expect, it } from 'vitest';
import { TEMPLATE_NAMES, renderMessage } from './templates';

const BASE = 'https://portal.example';
const payload = {
  code: '123456',
  minutes: 15,
  firstName: 'An',
  lastName: 'Peeters',
  email: 'an@example.be',
  phone: '+32 470 12 34 56',
  organisationName: 'AZ Voorbeeld',
  organisationType: 'hospital',
  vatNumber: 'BE0123456749',
  address: 'Kerkstraat 1, 9000 Gent',
  registrationId: 'reg-1',
  path: '/en/verify-email',
};

describe('mail templates', () => {
  for (const template of TEMPLATE_NAMES) {
    for (const locale of ['en', 'nl', 'fr'] as const) {
      it(`${template} in ${locale} has every placeholder filled`, () => {
        const { subject, text, html } = renderMessage({ template, locale, payload }, BASE);
        for (const part of [subject, text, html]) {
          expect(part).not.toContain('${');
          expect(part).not.toMatch(/\bundefined\b|\bnull\b|\[object Object\]/);
        }
      });
    }
    // Each kind is written in each language, not the English fallback (issue 40: the mail in the
    // recipient's language): its subject and its body's first line differ from the English ones.
    for (const locale of ['nl', 'fr'] as const) {
      it(`${template} is written in ${locale}, not in English`, () => {
        const en = renderMessage({ template, locale: 'en', payload }, BASE);
        const translated = renderMessage({ template, locale, payload }, BASE);
        expect(translated.subject).not.toBe(en.subject);
        expect(translated.text.split('\n')[0]).not.toBe(en.text.split('\n')[0]);
      });
    }
  }

  it("tells an approver who submitted an order and its total, in the approver's language, with a link to the request", () => {
    const payload = { firstName: 'Ines', buyerName: 'Lucas Janssens', totalCents: 123456, path: '/fr/my-orders/approvals/r-1' };
    const render = (locale: string) => renderMessage({ template: 'approval.submitted', locale, payload }, BASE);
    expect(render('en').subject).toBe('An order waits for your approval: Lucas Janssens');
    expect(render('en').text).toContain('Lucas Janssens submitted an order of €1,234.56 including VAT for approval.');
    expect(render('nl').text).toMatch(/Lucas Janssens legde een bestelling van €\s1\.234,56 incl\. btw ter goedkeuring voor\./);
    expect(render('fr').text).toMatch(/Lucas Janssens a soumis une commande de 1\s234,56\s€ TVA comprise pour approbation\./);
    expect(render('fr').html).toContain('https://portal.example/fr/my-orders/approvals/r-1');
    expect(render('fr').text).toContain('Bonjour Ines,');
  });

  it('says how long a sign-in code is valid, in each language', () => {
    const text = (locale: string) => renderMessage({ template: 'auth.login-code', locale, payload: { code: '654321', minutes: 7 } }, BASE).text;
    expect(text('en')).toContain('It is valid for 7 minutes.');
    expect(text('nl')).toContain('De code is 7 minuten geldig.');
    expect(text('fr')).toContain('Il est valable 7 minutes.');
    expect(text('en')).toContain('654321');
  });

  it("an invitation names the administrator who invited, or, from the supplier's customer import, the supplier once", () => {
    const payload = { firstName: 'Ines', organisationName: 'AZ Scheldeland', days: 7, path: '/fr/auth/reset-password?token=x' };
    const byAdmin = renderMessage({ template: 'account.invitation', locale: 'en', payload: { ...payload, inviterName: 'Mark de Vries' } }, 'https://portal.example');
    expect(byAdmin.subject).toBe('Mark de Vries invited you to MedTac Supply');
    for (const [locale, subject, line] of [
      ['en', 'Your account on the MedTac Supply portal', 'MedTac Supply opened an account for you for AZ Scheldeland on its customer portal.'],
      ['nl', 'Uw account op het MedTac Supply-portaal', 'MedTac Supply maakte voor u een account aan voor AZ Scheldeland op zijn klantenportaal.'],
      ['fr', 'Votre compte sur le portail MedTac Supply', 'MedTac Supply vous a créé un compte pour AZ Scheldeland sur son portail client.'],
    ] as const) {
      const bySupplier = renderMessage({ template: 'account.invitation', locale, payload: { ...payload, inviterName: null } }, 'https://portal.example');
      expect(bySupplier.subject).toBe(subject);
      expect(bySupplier.text).toContain(line);
      expect(bySupplier.text.match(/MedTac Supply/g)).toHaveLength(1);
    }
  });

  it('links only to paths on the portal', () => {
    const evil = renderMessage({ template: 'auth.password-reset', locale: 'en', payload: { ...payload, path: '//evil.example/x' } }, BASE);
    expect(evil.text.split('\n').at(-1)).toBe(`Choose a new password: ${BASE}`);
    expect(evil.html).not.toContain('evil.example');
  });

  it('writes French with a no-break space before the colon, like the screens ("Prix : croissant")', () => {
    const text = (locale: string) => renderMessage({ template: 'order.confirmation', locale, payload: { ...payload, orderNumber: 'MT-1', totalCents: 1000, path: '/fr/user/orders/MT-1' } }, BASE).text;
    expect(text('fr').split('\n').at(-1)).toBe(`Voir votre commande\u00a0: ${BASE}/fr/user/orders/MT-1`);
    expect(text('fr')).toContain('Total TVA comprise\u00a0:');
    expect(text('en').split('\n').at(-1)).toBe(`View your order: ${BASE}/fr/user/orders/MT-1`);
  });

  it("the shipped mail links to the carrier's tracking page (https only) in each language, and says when only part shipped", () => {
    const shipped = { firstName: 'An', orderNumber: 'SO-1', carrier: 'bpost', trackingReference: '3S1', trackingUrl: 'https://track.example/3S1', shippedOn: '2026-11-27', expectedDeliveryOn: '2026-11-30', complete: true, path: '/nl/my-orders/SO-1' };
    for (const locale of ['en', 'nl', 'fr']) {
      const mail = renderMessage({ template: 'orders.shipped', locale, payload: shipped }, BASE);
      expect(mail.text).toContain('https://track.example/3S1');
      expect(mail.html).toContain('href="https://track.example/3S1"');
      expect(mail.text).toContain(`${BASE}/nl/my-orders/SO-1`);
    }
    expect(renderMessage({ template: 'orders.shipped', locale: 'nl', payload: { ...shipped, complete: false } }, BASE).subject).toBe('Een deel van bestelling SO-1 is verzonden');
    const unsafe = renderMessage({ template: 'orders.shipped', locale: 'en', payload: { ...shipped, trackingUrl: 'javascript:alert(1)' } }, BASE);
    expect(unsafe.html).not.toContain('javascript:');
  });

  it('the shipped mail lists each line with its lot, expiry and serial numbers in the reader\'s language (decision 070)', () => {
    const lines = [
      { articleCode: 'TQ-1', description: 'Tourniquet SOF-T', quantity: 2, lot: 'L2403', expiryOn: '2028-03-31', serialNumbers: ['SN-1', 'SN-2'] },
      { articleCode: 'GZ-1', description: 'Gauze', quantity: 5, lot: null, expiryOn: null, serialNumbers: [] },
    ];
    const payload = { firstName: 'An', orderNumber: 'SO-1', carrier: 'bpost', trackingReference: '3S1', trackingUrl: null, shippedOn: '2026-11-27', expectedDeliveryOn: '2026-11-30', complete: true, path: '/nl/my-orders/SO-1', lines };
    const text = (locale: string) => renderMessage({ template: 'orders.shipped', locale, payload }, BASE).text.split('\n');
    expect(text('en')).toEqual(expect.arrayContaining(['In this parcel:', '2 × TQ-1 Tourniquet SOF-T (lot L2403; expiry 2028-03-31; serial numbers SN-1, SN-2)', '5 × GZ-1 Gauze']));
    expect(text('nl')).toContain('2 × TQ-1 Tourniquet SOF-T (lot L2403; vervaldatum 2028-03-31; serienummers SN-1, SN-2)');
    expect(text('fr')).toContain('2 × TQ-1 Tourniquet SOF-T (lot L2403; péremption 2028-03-31; numéros de série SN-1, SN-2)');
    // An older queued mail without lines lists none.
    expect(text('en')).toContain('In this parcel:');
    expect(renderMessage({ template: 'orders.shipped', locale: 'en', payload: { ...payload, lines: undefined } }, BASE).text).not.toContain('In this parcel');
  });
});
