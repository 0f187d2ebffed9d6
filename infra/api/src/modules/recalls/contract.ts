// What the recalls owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { Db, Tx } from '../../db/client';

/** A shipment line as the warehouse reports it, with the GTIN-14 the shipments owner stores for it. */
export interface ShippedUnit {
  gtin: string | null;
  lot: string | null;
  expiryOn: string | null;
  serialNumbers: readonly string[];
}

/**
 * The recalls' guard on shipments (owner: recalls, modules/recalls/recalls.guard.ts; decision 074).
 * The shipments service asks it in the report's transaction, before it stores the lines.
 */
export interface RecallGuardPort {
  /**
   * Takes each GTIN's recall lock shared (until the transaction ends), then throws 422
   * SHIPMENT_LOT_RECALLED naming the lines under an open recall (its GTIN with a recalled lot,
   * serial number or expiry date). A recall of the GTIN opening meanwhile waits for the report's
   * commit and counts its lines; one that opened before is seen here.
   */
  refuseRecalled(tx: Tx, lines: readonly ShippedUnit[]): Promise<void>;
}

/**
 * Whether a scanned lot is under recall (owner: recalls, modules/recalls/recalls.lot-lookup.ts;
 * decision 075): scan to order's GTIN lookup asks it, so a buyer is told and the unit is not added.
 */
export interface LotRecallPort {
  /** The open recall or field safety notice covering `lot` of `gtin` (14 digits), or null. */
  recallOf(db: Db, gtin: string, lot: string): Promise<{ reference: string } | null>;
}
