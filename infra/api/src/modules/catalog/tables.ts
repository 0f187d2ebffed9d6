import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MdrClass } from '@portal/shared/schemas';
import { productKind, relationKind, shop } from '../../db/enums';
import { contracts } from '../accounts/tables';

/** PostgreSQL full-text document (written by a generated column, never by the app). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The codes a buyer may type, lower-cased and without dashes or spaces, for trigram search
 * (`6545-01-532-3674`, `6545015323674` and `015323` all find the same NSN).
 */
export const SEARCH_CODES_SQL = sql`lower(regexp_replace(coalesce(article_code, '') || ' ' || coalesce(product_code, '') || ' ' || coalesce(nsn, ''), '[^A-Za-z0-9 ]', '', 'g'))`;

/** Texts in the three content locales. */
export type I18nText = { en: string; nl: string; fr: string };

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    /** Brands the provider resells (the "partner brands" family). */
    isPartner: boolean('is_partner').notNull().default(false),
  },
  (t) => [uniqueIndex('brands_slug_uq').on(t.slug)],
);

/** Product families (top level) and their sub-categories (parent set). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<I18nText>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_slug_uq').on(t.slug), index('categories_parent_idx').on(t.parentId)],
);

export const productGroups = pgTable(
  'product_groups',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<I18nText>().notNull(),
  },
  (t) => [uniqueIndex('product_groups_slug_uq').on(t.slug)],
);

/** Products and bundles (a bundle is a product of kind `bundle` with lines). */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: productKind('kind').notNull().default('product'),
    slug: text('slug').notNull(),
    articleCode: text('article_code').notNull(),
    productCode: text('product_code'),
    /** NATO Stock Number, NNNN-NN-NNN-NNNN. */
    nsn: text('nsn'),
    /** GS1 GTIN (8, 12, 13 or 14 digits, check digit checked on write); scheme 0160 on invoices. */
    gtin: text('gtin'),
    /** The UDI-DI (a GTIN-14) where it is not the GTIN; null: the GTIN is the device identifier (decision 070). */
    udiDi: text('udi_di'),
    /** The MDR class (I, IIa, IIb, III); null: not a medical device. */
    mdrClass: text('mdr_class').$type<MdrClass>(),
    /** MDR implantable device: its UDI is stored by whoever supplies or receives it (Art. 27(8) for class III). */
    implantable: boolean('implantable').notNull().default(false),
    singleUse: boolean('single_use').notNull().default(false),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /** The sub-category (its parent is the product family). */
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    productGroupId: integer('product_group_id').references(() => productGroups.id),
    shop: shop('shop').notNull().default('both'),
    colour: text('colour'),
    size: text('size'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    diameterMm: integer('diameter_mm'),
    volumeMl: integer('volume_ml'),
    weightG: integer('weight_g'),
    /** Sales unit, e.g. `piece`, `box`, `pair`. */
    unit: text('unit').notNull().default('piece'),
    unitsPerPackage: integer('units_per_package').notNull().default(1),
    /** List price excluding VAT in euro cents; null when the price is on request. */
    priceCents: integer('price_cents'),
    priceOnRequest: boolean('price_on_request').notNull().default(false),
    /** VAT rate in basis points (2100 = 21 %). */
    vatRateBp: integer('vat_rate_bp').notNull().default(2100),
    /**
     * The VAT category when the rate alone does not say it (EN 16931 UNCL5305): `Z` zero-rated, `E`
     * exempt. Null: standard (`S`) at `vat_rate_bp`, or as the buyer's country and VAT status decide.
     */
    vatCategory: text('vat_category'),
    stockLevel: integer('stock_level').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    backorderAllowed: boolean('backorder_allowed').notNull().default(false),
    /** False: withdrawn from sale ("not available" whatever the stock). */
    active: boolean('active').notNull().default(true),
    /** Only for organisations whose contract lists it: never in the public shops. */
    contractOnly: boolean('contract_only').notNull().default(false),
    /** Normalised codes for trigram search (generated). */
    searchCodes: text('search_codes').generatedAlwaysAs(SEARCH_CODES_SQL),
    /** Key → plain value, or (the demo data) label and value in each language. */
    technicalSpecs: jsonb('technical_specs').$type<Record<string, string | { label: I18nText; value: I18nText }>>().notNull().default({}),
    technicalSheetUrl: text('technical_sheet_url'),
    /**
     * The sender's version of the record as the supplier's PIM last sent it (decision 049): an import
     * writes the product only for a higher one. Null: never imported (the seed, the generator).
     */
    sourceVersion: bigint('source_version', { mode: 'number' }),
    /** The same for the absolute stock level (the warehouse sends levels apart from the product). */
    stockVersion: bigint('stock_version', { mode: 'number' }),
    /** When a product out of stock is expected back, as the warehouse says. */
    restockDate: date('restock_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_uq').on(t.slug),
    uniqueIndex('products_article_code_uq').on(t.articleCode),
    index('products_nsn_idx').on(t.nsn),
    // Incoming orders (Peppol, punchout) name a line by GTIN.
    index('products_gtin_idx').on(t.gtin),
    check('products_vat_category_ck', sql`${t.vatCategory} in ('Z', 'E')`),
    check('products_mdr_class_ck', sql`${t.mdrClass} in ('I', 'IIa', 'IIb', 'III')`),
    index('products_brand_idx').on(t.brandId),
    index('products_category_idx').on(t.categoryId),
    // A group filter sorted by price walks its own group: through the global price index, a group
    // without price-on-request products first skipped every such product (decision 011).
    index('products_group_price_idx').on(t.productGroupId, t.priceCents, t.id),
    // Public shops: sort by list price or walk in id order, filtered by shop.
    index('products_price_idx').on(t.priceCents, t.id),
    index('products_search_codes_trgm_idx').using('gin', sql`${t.searchCodes} gin_trgm_ops`),
  ],
);

/** Translated name and description of a product (en, nl, fr). */
export const productTranslations = pgTable(
  'product_translations',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /**
     * Copy of the product's brand, kept by the triggers of migration 0044 (never written by the app):
     * a brand's names in order are one walk of product_translations_brand_name_idx (decision 095).
     */
    brandId: integer('brand_id'),
    /** Stemmed name and description in the locale's own text-search configuration (generated). */
    search: tsvector('search').generatedAlwaysAs(
      // The name weighs more than the description in relevance (weight A against B).
      sql`setweight(to_tsvector(case locale when 'nl' then 'dutch'::regconfig when 'fr' then 'french'::regconfig else 'english'::regconfig end, name), 'A') || setweight(to_tsvector(case locale when 'nl' then 'dutch'::regconfig when 'fr' then 'french'::regconfig else 'english'::regconfig end, description), 'B')`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locale] }),
    index('product_translations_name_idx').on(t.locale, sql`lower(${t.name})`, t.productId),
    // A brand filter sorted by name walks the brand's own names, not every name of the locale (decision 095).
    index('product_translations_brand_name_idx').on(t.locale, t.brandId, sql`lower(${t.name})`, t.productId),
    index('product_translations_search_idx').using('gin', t.search),
  ],
);

export const bundleLines = pgTable(
  'bundle_lines',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.productId] }), index('bundle_lines_product_idx').on(t.productId)],
);

export const productRelations = pgTable(
  'product_relations',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedProductId: uuid('related_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: relationKind('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedProductId, t.kind] })],
);

/** A contract's price list: the products within the contract and their contract price. */
export const contractPrices = pgTable(
  'contract_prices',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Contract price excluding VAT in cents; null keeps the product's price-on-request state. */
    priceCents: integer('price_cents'),
    /** When the product entered the contract. */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sender's version of the price as the ERP last sent it (decision 049); null: never imported. */
    sourceVersion: bigint('source_version', { mode: 'number' }),
    // Copies of the product's facet columns, kept by the triggers of migration 0006 (never written by
    // the app), so the contract range's facet counts and totals read this table alone instead of
    // joining a million products (decision 011).
    brandId: integer('brand_id'),
    categoryId: integer('category_id'),
    productGroupId: integer('product_group_id'),
    kind: productKind('kind'),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.productId] }),
    index('contract_prices_product_idx').on(t.productId),
    // The contract range sorted by contract price.
    index('contract_prices_contract_price_idx').on(t.contractId, t.priceCents, t.productId),
    // The newest additions to a contract first (the "new in your contract" widget).
    index('contract_prices_contract_added_idx').on(t.contractId, t.addedAt.desc().nullsFirst(), t.productId),
    // Facet counts within a contract, by family or not: index-only scans.
    index('contract_prices_contract_facets_idx').on(t.contractId, t.categoryId, t.brandId, t.productGroupId, t.kind, t.productId),
  ],
);

/**
 * How many products of each facet combination a public shop holds (decision 042): one row per
 * (shop, contract-only, brand, sub-category, group, kind) with its product count. Statement triggers
 * on `products` keep it exact in the same transaction as the write (migration 0013); the app never
 * writes it. The facets and totals of a filter without search sum these few thousand rows instead of
 * counting a million products.
 */
export const productFacetCounts = pgTable(
  'product_facet_counts',
  {
    shop: shop('shop').notNull(),
    contractOnly: boolean('contract_only').notNull(),
    brandId: integer('brand_id'),
    categoryId: integer('category_id'),
    productGroupId: integer('product_group_id'),
    kind: productKind('kind'),
    n: integer('n').notNull(),
  },
  (t) => [unique('product_facet_counts_uq').on(t.shop, t.contractOnly, t.brandId, t.categoryId, t.productGroupId, t.kind).nullsNotDistinct()],
);

/** The same per contract: how many lines of each facet combination a contract's range holds (decision 042). */
export const contractFacetCounts = pgTable(
  'contract_facet_counts',
  {
    // No foreign key: deleting a contract deletes its lines, whose trigger brings these rows to 0
    // (with a cascade here, that trigger would write rows of a contract already gone).
    contractId: uuid('contract_id').notNull(),
    brandId: integer('brand_id'),
    categoryId: integer('category_id'),
    productGroupId: integer('product_group_id'),
    kind: productKind('kind'),
    n: integer('n').notNull(),
  },
  (t) => [unique('contract_facet_counts_uq').on(t.contractId, t.brandId, t.categoryId, t.productGroupId, t.kind).nullsNotDistinct()],
);

/** Raw bytes (PostgreSQL bytea; a Buffer from node-postgres, a Uint8Array from PGlite). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Image originals, content-addressed: the key is the sha-256 of the bytes, so a URL built on it
 * never changes meaning and can be cached for ever; one picture used by many products is stored
 * once. The API renders the sizes it serves from here (decision 020).
 */
export const images = pgTable('images', {
  /** sha-256 of `data`, lower-case hex. */
  hash: text('hash').primaryKey(),
  /** What the original is, e.g. `image/svg+xml`, `image/png`, `image/jpeg`. */
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A product's pictures in gallery order (position 0 is the one lists and the cart show). */
export const productImages = pgTable(
  'product_images',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    imageHash: text('image_hash')
      .notNull()
      .references(() => images.hash, { onDelete: 'restrict' }),
    /** What the picture shows, in each content language (the `alt` text). */
    alt: jsonb('alt').$type<I18nText>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] }), index('product_images_image_idx').on(t.imageHash)],
);

/**
 * Stock deltas already applied, by the sender's id (decision 049): a delta sent again (a retried
 * request, a resumed import) finds its id here and changes nothing. Kept for ever; one row per delta.
 */
export const stockDeltas = pgTable('stock_deltas', {
  deltaId: text('delta_id').primaryKey(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  delta: integer('delta').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
