import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CatalogProductSchema } from '@portal/shared/schemas';
import { describeProduct, type DetailRow } from './product-detail';
import type { Taxonomy } from './taxonomy';

const taxonomy: Taxonomy = {
  brands: [{ id: 1, slug: 'nordwall', name: 'Nordwall' }],
  brandById: new Map([[1, { id: 1, slug: 'nordwall', name: 'Nordwall' }]]),
  categories: [],
  categoryById: new Map([
    [10, { id: 10, slug: 'field-equipment', name: { en: 'Field equipment', nl: 'Velduitrusting', fr: 'Équipement de terrain' }, parentId: null }],
    [11, { id: 11, slug: 'shelter', name: { en: 'Shelter', nl: 'Beschutting', fr: 'Abri' }, parentId: 10 }],
  ]),
  groups: [],
  groupById: new Map(),
};

const row = (over: Partial<DetailRow> = {}): DetailRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'tent-gen-1',
  kind: 'product',
  article_code: 'GEN-0000001',
  product_code: 'GP-1',
  nsn: null,
  brand_id: 1,
  unit: 'piece',
  active: true,
  stock_level: 40,
  low_stock_threshold: 5,
  backorder_allowed: false,
  price_on_request: false,
  vat_rate_bp: 600,
  name: 'Tent',
  price_cents: 1999,
  in_contract: true,
  image: null,
  category_id: 11,
  product_group_id: null,
  colour: null,
  size: null,
  length_mm: null,
  width_mm: null,
  height_mm: null,
  diameter_mm: null,
  volume_ml: 2500,
  weight_g: 1250,
  units_per_package: 1,
  technical_specs: {},
  gtin: null,
  udi_di: null,
  mdr_class: null,
  implantable: false,
  single_use: false,
  description: '',
  ...over,
});
const extra = { bundles: [], bundle_items: [], related: [], recommended: [] };

describe('describeProduct', () => {
  it('turns non-string spec values into text, so the response schema holds (generated products)', () => {
    const product = describeProduct(row({ technical_specs: { batch: 5 as unknown as string, generated: 'true' } }), { shop: 'portal', contractId: 'c', locale: 'en' }, taxonomy, extra);
    expect(product.technical_specs).toEqual([
      { label: 'Batch', value: '5' },
      { label: 'Generated', value: 'true' },
    ]);
    expect(v.safeParse(CatalogProductSchema, product).success).toBe(true);
  });

  it('formats measures for the locale and prices with the product VAT rate', () => {
    const nl = describeProduct(row(), { shop: 'portal', contractId: 'c', locale: 'nl' }, taxonomy, extra);
    expect(nl.weight).toBe('1,25 kg');
    expect(nl.volume).toBe('2,5 l');
    expect(nl.category).toBe('Velduitrusting');
    expect(nl.sub_category).toBe('Beschutting');
    expect(nl.price).toEqual({ excl_vat: 1999, incl_vat: 2119, vat_rate: 6 });
    expect(nl.dimensions).toBeNull();
  });

  it("states a medical device's facts, its UDI-DI its own or else its GTIN as 14 digits, and nothing for another product (decision 070)", () => {
    const scope = { shop: 'portal', contractId: 'c', locale: 'en' } as const;
    expect(describeProduct(row(), scope, taxonomy, extra).medical_device).toBeNull();
    const byGtin = describeProduct(row({ gtin: '4006381333931', mdr_class: 'IIa', single_use: true }), scope, taxonomy, extra);
    expect(byGtin.medical_device).toEqual({ udi_di: '04006381333931', mdr_class: 'IIa', implantable: false, single_use: true });
    const own = describeProduct(row({ gtin: '4006381333931', udi_di: '10012345678902', mdr_class: 'III', implantable: true }), scope, taxonomy, extra);
    expect(own.medical_device).toEqual({ udi_di: '10012345678902', mdr_class: 'III', implantable: true, single_use: false });
    expect(v.safeParse(CatalogProductSchema, own).success).toBe(true);
  });
});
