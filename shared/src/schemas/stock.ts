import * as v from 'valibot';

/** How the stock of a product is shown (spec section 4). */
export const STOCK_STATES = [
  'in_stock',
  'low_stock',
  'backorder',
  'not_available',
  'not_within_contract',
  'price_on_request',
] as const;

export const StockStateSchema = v.picklist(STOCK_STATES);
export type StockState = v.InferOutput<typeof StockStateSchema>;
