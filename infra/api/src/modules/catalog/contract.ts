// What the catalog owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { SQL } from 'drizzle-orm';
import type { ContractPriceRecord, ProductRecord, StockRecord } from '@portal/shared/schemas';
import type { Db, Tx } from '../../db/client';
import type { ImportOutcome } from '../imports/contract';

/** A quantity of one product. */
export interface StockLine {
  product_id: string;
  quantity: number;
}

/** Stock levels (owner: catalog, modules/catalog/products/stock.ts). */
export interface StockPort {
  /**
   * Placement's fragment: the CTEs `stock_locked` and `taken` (comma-separated, to follow other
   * CTEs) over the CTE named `from` (columns `id uuid, quantity int`). The rows are locked in id
   * order, then taken conditionally (active products; backorder may go beyond stock, never below
   * zero); `taken` answers `id, backordered` for each line that got its stock.
   */
  takeStep(from: string): SQL;
  /** Placement's fragment: a derived table `(id, article_code, description, nsn)` of the products of `from`, named in `locale`. */
  lineFacts(from: string, locale: string): SQL;
  /** The stock level and whether it is on sale, per product. */
  levels(tx: Tx, ids: string[]): Promise<Map<string, { stockLevel: number; active: boolean }>>;
  /** Takes one product's quantity again (a payment's retry), conditionally; null: short, nothing taken. */
  take(tx: Tx, line: StockLine): Promise<{ backordered: number } | null>;
  /** Gives the quantities back, products in id order (as placement takes them). */
  giveBack(tx: Tx, lines: StockLine[]): Promise<void>;
}

/**
 * The supplier's records written into the catalogue (owner: catalog, modules/catalog/products/catalogue-import.ts
 * and stock-import.ts). Each writes a batch in a few multi-row statements in the caller's
 * transaction, only where the sender's version is newer than the stored one, and answers one outcome
 * per line.
 */
export interface CatalogueImportPort {
  products(tx: Tx, lines: { lineNo: number; record: ProductRecord }[]): Promise<ImportOutcome[]>;
  stock(tx: Tx, lines: { lineNo: number; record: StockRecord }[]): Promise<ImportOutcome[]>;
  /** Contract prices by contract number and article code (the contracts written before, in the same transaction). */
  contractPrices(tx: Tx, lines: { lineNo: number; record: ContractPriceRecord }[]): Promise<ImportOutcome[]>;
  /** A product picture (checked with sharp) at a gallery position, stored once by its content hash. */
  productImage(
    tx: Tx,
    articleCode: string,
    bytes: Buffer,
    position: number,
    alt: { en: string; nl: string; fr: string },
  ): Promise<'applied' | 'unchanged' | 'unknown_product' | 'not_an_image'>;
}

/** The catalogue's categories, read by the approval rules (owner: catalog, modules/catalog/products/category-facts.ts). */
export interface CategoryFactsPort {
  /** Every category (families and sub-categories), named in `locale`, families first. */
  list(db: Db | Tx, locale: string): Promise<{ id: number; name: string; parentId: number | null }[]>;
  /** Each product's sub-category and its family (a rule on either matches). */
  ofProducts(db: Db | Tx, productIds: string[]): Promise<Map<string, number[]>>;
}

/** Products' own VAT categories (`Z` zero-rated, `E` exempt; owner: catalog, modules/catalog/products/vat-categories.ts). */
export interface ProductVatPort {
  /** Only the products that have one; the others are taxed at their rate. */
  categories(db: Db | Tx, ids: string[]): Promise<Map<string, 'Z' | 'E'>>;
}

/** What a procurement document's line names its product by (any may be null). */
export interface ItemReference {
  /** The seller's id: the article code, else the product code. */
  sellersItemId: string | null;
  /** A GTIN (Peppol's standard identification, scheme 0160). */
  gtin: string | null;
  /** The buyer's id, where it is the seller's article or product code. */
  buyersItemId: string | null;
}

/** The product a line names. */
export interface MatchedItem {
  id: string;
  articleCode: string;
  /** The price in the organisation's active contract (null: not in it, or on request). */
  contractPriceCents: number | null;
}

/**
 * The products a procurement system's order names (owner: catalog, modules/catalog/products/item-matching.ts;
 * decision 067): active products only, codes compared case-insensitively, the seller's id first, then
 * the GTIN, then the buyer's id; each with its contract price as the catalogue reads it (catalog-scope.ts).
 */
export interface ItemMatchingPort {
  /** Per reference, in order: its product, or null when none is named. One statement for a whole document. */
  match(db: Db | Tx, organisationId: string, items: ItemReference[]): Promise<(MatchedItem | null)[]>;
}
