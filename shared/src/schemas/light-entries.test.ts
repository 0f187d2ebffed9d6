// The light schemas entries exist to keep the phone and VAT validators (libphonenumber-js, jsvat-next:
// ~33 KB gzip) off the pages that never validate a phone or VAT number (docs/decisions/001). One
// careless import in a schema file would bring them back without any other test noticing.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const HEAVY_PACKAGES = ['libphonenumber-js', 'jsvat-next'];

/** Every schema file an entry reaches through relative imports, and every package they import. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    files.add(name);
    const source = readFileSync(join(here, `${name}.ts`), 'utf8');
    for (const [, spec] of source.matchAll(/(?:from|import)\s+'([^']+)'/g)) {
      if (spec!.endsWith('.json')) files.add(spec!.slice(2));
      else if (spec!.startsWith('./')) visit(spec!.slice(2));
      else packages.add(spec!.split('/').slice(0, spec!.startsWith('@') ? 2 : 1).join('/'));
    }
  };
  visit(entry);
  return { files, packages };
}

describe('light schemas entries', () => {
  it.each(['platform', 'auth', 'shop', 'orders-entry', 'checkout-entry', 'account-entry'])('%s never reaches the phone and VAT validators', (entry) => {
    const { files, packages } = reach(entry);
    expect([...files]).not.toContain('phone');
    expect([...files]).not.toContain('vat-number');
    for (const heavy of HEAVY_PACKAGES) expect([...packages]).not.toContain(heavy);
  });

  // The one entry meant to reach the phone validator: on the European metadata only (decision 021),
  // and never the VAT validator, registration or the catalogue.
  it('phone-forms reaches the phone validator on the European metadata, and not the VAT one', () => {
    const { files, packages } = reach('phone-forms');
    expect([...files]).toEqual(expect.arrayContaining(['phone', 'phone-metadata.json']));
    for (const heavy of ['vat-number', 'registration', 'catalog']) expect([...files]).not.toContain(heavy);
    expect([...packages]).not.toContain('jsvat-next');
    expect(readFileSync(join(here, 'phone.ts'), 'utf8')).toMatch(/from 'libphonenumber-js\/core'/);
  });

  it('an order, as a response, needs no phone validator (the forms that type one add schemas/phone-forms)', () => {
    expect([...reach('order').files]).not.toContain('phone');
    expect([...reach('address').files]).toContain('phone');
  });

  it('the full entry does reach them (so the check above can tell)', () => {
    const { files, packages } = reach('index');
    expect([...files]).toEqual(expect.arrayContaining(['phone', 'vat-number']));
    expect([...packages]).toEqual(expect.arrayContaining(HEAVY_PACKAGES));
  });
});
