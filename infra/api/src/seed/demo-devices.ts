// The demo's medical devices (issue 42, decision 070): a few of the catalogue's medical products get
// a GTIN, their MDR class and flags, and one class III implantable device is added to the hospital's
// contract, so the product page shows the "Medical device" facts and the hospital's UDI export has
// something to export. Deterministic (no random draws: the demo's other data stays as it was).
import { sql } from 'drizzle-orm';
import { gs1CheckDigit, type MdrClass } from '@portal/shared/schemas';
import type { Tx } from '../db/client';
import { rowShape, typedRows } from '../db/typed-rows';
import { products } from '../modules/catalog/tables';

/** The demo supplier's GS1 company prefix (a made-up Belgian 541 prefix). */
const COMPANY_PREFIX = '5412345';

/** Digits followed by their GS1 check digit. */
const withCheckDigit = (body: string) => `${body}${gs1CheckDigit(body)}`;

/** A GTIN-13 from the company prefix and an item reference, with its GS1 check digit. */
export const demoGtin = (item: number): string => withCheckDigit(`${COMPANY_PREFIX}${String(item).padStart(12 - COMPANY_PREFIX.length, '0')}`);

/** Demo models and their device facts (the classes as MDR Annex VIII's rules would give them). */
export const DEMO_DEVICES: { model: string; mdrClass: MdrClass; implantable: boolean; singleUse: boolean }[] = [
  { model: 'TR-WT7', mdrClass: 'I', implantable: false, singleUse: false },
  { model: 'MV-NT100', mdrClass: 'I', implantable: false, singleUse: true },
  { model: 'MV-NPA', mdrClass: 'IIa', implantable: false, singleUse: true },
  { model: 'HM-PO2', mdrClass: 'IIa', implantable: false, singleUse: false },
  { model: 'MV-HG', mdrClass: 'IIb', implantable: false, singleUse: true },
  { model: 'HM-AED', mdrClass: 'IIb', implantable: false, singleUse: false },
];

/** The class III implantable device the demo adds: its article code. */
export const DEMO_IMPLANT = 'HM-CHI-5';
/** Its UDI-DI (a GTIN-14 of another packaging level than its GTIN, so the two differ). */
export const DEMO_IMPLANT_UDI_DI = withCheckDigit(`1${demoGtin(900).slice(0, 12)}`);

const idRow = rowShape({ id: products.id });

export async function seedDemoDevices(tx: Tx, hospitalContractId: string): Promise<void> {
  let item = 100;
  for (const d of DEMO_DEVICES) {
    const ids = await typedRows(tx, idRow, sql`select id from products where product_code like ${`${d.model}%`} and kind = 'product' order by article_code`);
    for (const { id } of ids) {
      await tx.execute(sql`update products set gtin = ${demoGtin(item++)}, mdr_class = ${d.mdrClass}, implantable = ${d.implantable}, single_use = ${d.singleUse} where id = ${id}`);
    }
  }
  const [implant] = await typedRows(
    tx,
    rowShape({ id: products.id }),
    sql`insert into products (kind, slug, article_code, product_code, gtin, udi_di, mdr_class, implantable, single_use, brand_id, category_id, shop, unit,
                              units_per_package, price_cents, vat_rate_bp, stock_level, low_stock_threshold, weight_g, contract_only)
        select 'product', 'resorbable-collagen-haemostat-5x8-cm-hm-chi-5', ${DEMO_IMPLANT}, 'HM-CHI-5x8', ${demoGtin(900)}, ${DEMO_IMPLANT_UDI_DI}, 'III', true, true,
               b.id, c.id, 'medical', 'box', 5, 48500, 600, 120, 10, 60, true
        from brands b, categories c where b.slug = 'halcyon-medical' and c.slug = 'haemostatic-dressings'
        returning id`,
  );
  if (!implant) return;
  await tx.execute(sql`insert into product_translations (product_id, locale, name, description) values
    (${implant.id}, 'en', 'Resorbable collagen haemostat 5 × 8 cm', 'Sterile bovine collagen sponge left in the wound, absorbed within 8 weeks. Box of 5.'),
    (${implant.id}, 'nl', 'Resorbeerbaar collageen hemostaticum 5 × 8 cm', 'Steriele spons van runder­collageen die in de wonde blijft en binnen 8 weken wordt opgenomen. Doos van 5.'),
    (${implant.id}, 'fr', 'Hémostatique résorbable au collagène 5 × 8 cm', 'Éponge stérile en collagène bovin laissée dans la plaie, résorbée en 8 semaines. Boîte de 5.')`);
  await tx.execute(sql`insert into contract_prices (contract_id, product_id, price_cents) values (${hospitalContractId}, ${implant.id}, 46000)`);
}

/**
 * Serial numbers on the demo's shipped lines of serialised devices (class IIb and III): one per
 * unit, as a warehouse scanning each box reports them.
 */
export async function serialiseDemoShipments(tx: Tx): Promise<void> {
  await tx.execute(sql`
    update shipment_lines sl set serial_numbers = array(select 'SN' || upper(substr(md5(sl.shipment_id::text || sl.position), 1, 6)) || '-' || lpad(n::text, 3, '0')
                                                         from generate_series(1, sl.quantity) n)
    from order_lines ol join products p on p.id = ol.product_id
    where ol.id = sl.order_line_id and p.mdr_class in ('IIb', 'III') and sl.quantity <= 50`);
}
