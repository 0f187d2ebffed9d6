// The shared page harness with the catalog's messages and the page titles the shell brings, and
// builders of the products the test API answers with.
import type { ReactElement } from 'react';
import type { CatalogProduct, CatalogProductSummary } from '@portal/shared/schemas/shop';
import { renderPage, type RenderPageOptions } from '@portal/shared/testing';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import nl from '../messages/nl.json';
import { loadMessages } from '../messages/load-messages';

const SHELL_TITLES = {
  'title.my_products': 'My products',
  'title.products': 'Web shop',
  'title.product': 'Product',
  'title.quick_order': 'Quick order',
  'title.order_lists': 'Order lists',
  'title.order_list': 'Order list',
};

/** Renders a catalog page at `url` with the remote's messages as its routes load them. */
export async function renderCatalogPage(element: ReactElement, url: string, options: RenderPageOptions = {}) {
  const messages = { en: await loadMessages('en'), nl: await loadMessages('nl'), fr: await loadMessages('fr') };
  return renderPage(element, url, { messages, shellMessages: SHELL_TITLES, ...options });
}

/** The catalog's English texts, to find what the user reads. */
export const EN = en as Record<string, string>;
export { nl as NL, fr as FR };

let n = 0;
/** A product of the index; every field can be overridden. */
export function summary(overrides: Partial<CatalogProductSummary> = {}): CatalogProductSummary {
  n += 1;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    slug: `product-${n}`,
    name: `Product ${n}`,
    brand: 'North',
    article_code: `ART-${n}`,
    image_url: null,
    price: { excl_vat: 1250, incl_vat: 1513, vat_rate: 21 },
    stock_state: 'in_stock',
    is_bundle: false,
    product_code: null,
    nsn: null,
    unit: 'piece',
    orderable: true,
    max_quantity: 50,
    ...overrides,
  };
}

/** A product's detail. */
export function detail(overrides: Partial<CatalogProduct> = {}): CatalogProduct {
  const base = summary(overrides);
  return {
    ...base,
    nsn: null,
    colour: null,
    size: null,
    dimensions: null,
    diameter: null,
    volume: null,
    weight: null,
    units: null,
    description: 'A tourniquet for one hand.',
    category: 'First aid',
    sub_category: null,
    product_group: null,
    stock_level: null,
    bundles: [],
    bundle_items: [],
    related: [],
    recommended: [],
    technical_specs: [],
    technical_sheet_url: `/api/v1/catalog/products/${base.slug}/technical-sheet`,
    ...overrides,
  } as CatalogProduct;
}

/** Facets with nothing to filter by. */
export const NO_FACETS = { brand: [], category: [], sub_category: [], group: [], kind: { products: 0, bundles: 0 } };
