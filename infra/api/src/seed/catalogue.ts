// Expands the product templates into the demo catalogue rows.
import { randomUUID } from 'node:crypto';
import { gtinCheckDigitOk } from '@portal/shared/schemas';
import type { I18nText } from '../modules/catalog/tables';
import { BUNDLES, TEMPLATES, type ProductTemplate } from './products-data';
import type { Random } from './random';
import { COLOURS } from '../modules/catalog/products/vocabulary';
import { BRANDS } from './taxonomy';
import { localizedSpecs, type LocalizedSpec } from './spec-translations';

export interface SeedProduct {
  id: string;
  model: string;
  kind: 'product' | 'bundle';
  sub: string;
  brand: string;
  group: string;
  slug: string;
  articleCode: string;
  productCode: string;
  nsn: string | null;
  /** GS1 GTIN-13 (scan to order, decision 075): the demo's company prefix and the product's number. */
  gtin: string;
  shop: 'medical' | 'tactical' | 'both';
  colour: string | null;
  size: string | null;
  dims?: [number, number, number];
  diameterMm?: number;
  volumeMl?: number;
  weightG: number;
  unit: string;
  unitsPerPackage: number;
  priceCents: number | null;
  priceOnRequest: boolean;
  vatBp: number;
  stockLevel: number;
  lowStockThreshold: number;
  backorderAllowed: boolean;
  specs: Record<string, LocalizedSpec>;
  name: I18nText;
  description: I18nText;
  /** First variant of its model (the one bundles point at). */
  primary: boolean;
}

/** NATO country codes seen in NSNs: US, DE, BE, NL, FR, GB. */
const NSN_COUNTRIES = ['01', '12', '13', '17', '14', '99'];
const CARTON: Record<number, I18nText> = {
  5: { en: 'carton of 5', nl: 'doos van 5', fr: 'carton de 5' },
  20: { en: 'carton of 20', nl: 'doos van 20', fr: 'carton de 20' },
};

/**
 * A GTIN-13 under a made-up GS1 Belgium company prefix (540 0001) with `item` as the item reference
 * and its check digit: the one GS1 rule asked (gtinCheckDigitOk), not a second copy of it.
 */
export function demoGtin(item: number): string {
  const body = `5400001${String(item).padStart(5, '0')}`;
  return body + [...'0123456789'].find((d) => gtinCheckDigitOk(body + d))!;
}

const slugify = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Spreads the six stock display states over the catalogue (spec section 4). */
function stockFor(index: number, rnd: Random) {
  const threshold = rnd.pick([5, 10, 20]);
  switch (index % 20) {
    case 0:
      return { stockLevel: 0, lowStockThreshold: threshold, backorderAllowed: false }; // not available
    case 2:
    case 3:
      return { stockLevel: 0, lowStockThreshold: threshold, backorderAllowed: true }; // backorder
    case 4:
    case 5:
    case 6:
      return { stockLevel: rnd.int(1, threshold), lowStockThreshold: threshold, backorderAllowed: rnd.next() < 0.5 }; // low stock
    default:
      return { stockLevel: rnd.int(threshold + 5, 800), lowStockThreshold: threshold, backorderAllowed: rnd.next() < 0.3 };
  }
}

export function buildCatalogue(rnd: Random): SeedProduct[] {
  const out: SeedProduct[] = [];
  let index = 0;
  const prefix = (brand: string) => BRANDS.find((b) => b.slug === brand)!.prefix;
  for (const tpl of TEMPLATES) {
    const colours = tpl.colours ?? [null];
    const sizes = tpl.sizes ?? [null];
    const packs = tpl.group === 'consumables' ? [1, 5, 20] : [1];
    let first = true;
    for (const colour of colours) {
      for (const size of sizes) {
        for (const pack of packs) {
          index++;
          out.push(variant(tpl, colour, size, pack, index, first));
          first = false;
        }
      }
    }
  }

  function variant(tpl: ProductTemplate, colour: string | null, size: string | null, pack: number, i: number, primary: boolean): SeedProduct {
    const c = colour ? COLOURS[colour] : undefined;
    const suffix = (l: keyof I18nText) =>
      [c?.name[l], size, pack > 1 ? CARTON[pack]?.[l] : null].filter(Boolean).map((s) => ` – ${s}`).join('');
    const name = { en: tpl.name.en + suffix('en'), nl: tpl.name.nl + suffix('nl'), fr: tpl.name.fr + suffix('fr') };
    const articleCode = `${prefix(tpl.brand)}-${100000 + i * 37}`;
    const sizeFactor = size === 'XL' || size === 'XXL' ? 1.05 : 1;
    const stock = stockFor(i, rnd);
    const onRequest = i % 20 === 7 || tpl.priceCents > 200000;
    // Colour and size are fields of their own on the product: repeating them as spec rows showed
    // every row twice (issue 19).
    const specs = localizedSpecs(tpl.specs);
    return {
      id: randomUUID(),
      model: tpl.model,
      kind: 'product',
      sub: tpl.sub,
      brand: tpl.brand,
      group: tpl.group,
      slug: `${slugify(name.en)}-${articleCode.toLowerCase()}`,
      articleCode,
      productCode: [tpl.model, c?.code, size?.replace(/\s+/g, ''), pack > 1 ? `C${pack}` : null].filter(Boolean).join('-'),
      nsn: rnd.next() < 0.85 ? `${tpl.fsc}-${rnd.pick(NSN_COUNTRIES)}-${rnd.digits(3)}-${rnd.digits(4)}` : null,
      gtin: demoGtin(i),
      shop: tpl.shop,
      colour: c ? c.name.en : null,
      size,
      ...(tpl.dims ? { dims: tpl.dims } : {}),
      ...(tpl.diameterMm ? { diameterMm: tpl.diameterMm } : {}),
      ...(tpl.volumeMl ? { volumeMl: tpl.volumeMl } : {}),
      weightG: tpl.weightG * pack,
      unit: pack > 1 ? 'carton' : (tpl.unit ?? 'piece'),
      unitsPerPackage: (tpl.unitsPerPackage ?? 1) * pack,
      priceCents: onRequest ? null : Math.round((tpl.priceCents * pack * (pack > 1 ? 0.95 : 1) * sizeFactor) / 10) * 10,
      priceOnRequest: onRequest,
      vatBp: tpl.vatBp ?? 2100,
      ...stock,
      specs,
      name,
      description: tpl.description,
      primary,
    };
  }

  let bundleNo = 0;
  for (const bundle of BUNDLES) {
    bundleNo++;
    const firstLine = out.find((p) => p.model === bundle.lines[0]![0] && p.primary)!;
    const articleCode = `BND-${String(bundleNo).padStart(5, '0')}`;
    out.push({
      id: randomUUID(),
      model: bundle.model,
      kind: 'bundle',
      sub: firstLine.sub,
      brand: firstLine.brand,
      group: 'kits',
      slug: `${slugify(bundle.name.en)}-${articleCode.toLowerCase()}`,
      articleCode,
      productCode: bundle.model,
      nsn: null,
      gtin: demoGtin(90000 + bundleNo),
      shop: bundle.shop,
      colour: null,
      size: null,
      weightG: 0,
      unit: 'bundle',
      unitsPerPackage: 1,
      priceCents: bundle.priceCents,
      priceOnRequest: bundle.priceCents === null,
      vatBp: 2100,
      stockLevel: bundleNo === 3 ? 3 : bundleNo === 7 ? 0 : 40,
      lowStockThreshold: 5,
      backorderAllowed: bundleNo === 7,
      specs: localizedSpecs({ contents: bundle.lines.map(([m, q]) => `${q} × ${m}`).join(', ') }),
      name: bundle.name,
      description: bundle.description,
      primary: true,
    });
  }
  return out;
}

/** Bundle lines as [bundle id, product id, quantity]. */
export function bundleLines(products: SeedProduct[]): { bundleId: string; productId: string; quantity: number }[] {
  const byModel = new Map(products.filter((p) => p.primary && p.kind === 'product').map((p) => [p.model, p]));
  return BUNDLES.flatMap((b) => {
    const bundle = products.find((p) => p.kind === 'bundle' && p.model === b.model)!;
    return b.lines.map(([model, quantity]) => ({ bundleId: bundle.id, productId: byModel.get(model)!.id, quantity }));
  });
}
