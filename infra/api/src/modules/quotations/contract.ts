// What the quotations owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { CustomerCaller } from '../../caller';
import type { Db, Tx } from '../../db/client';
import type { QuotationToOrder } from '../../common/scope';

/** A quotation as the checkout orders it: what says whether it may be (common/scope's `assertOrderable`). */
export interface OrderableQuotation extends QuotationToOrder {
  id: string;
}

/** An accepted quotation's line as the checkout prices it: the quoted unit price, the product's VAT rate. */
export interface QuotedLine {
  product_id: string;
  slug: string;
  name: string;
  article_code: string;
  nsn: string | null;
  quantity: number;
  unit_price_cents: number | null;
  vat_rate: number;
}

/** Quotations ordered (owner: quotations, modules/quotations/quotations.ports.ts). */
export interface QuotationPort {
  /** A quotation in the caller's scope with its lines named in `locale`, for the checkout to price; null: none (or not an id). */
  toOrder(db: Db | Tx, caller: CustomerCaller, id: string, locale: string): Promise<{ row: OrderableQuotation; lines: QuotedLine[] } | null>;
  /** Locks the quotation for this placement; throws the reason it cannot be ordered (common/scope). */
  claim(tx: Tx, caller: CustomerCaller, id: string): Promise<void>;
  /** Points the claimed quotation at its order and writes its history; throws when it was ordered meanwhile. */
  markOrdered(tx: Tx, id: string, order: { id: string; number: string }, byUserId: string): Promise<void>;
}
