// What the shipments owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { OrderShipment } from '@portal/shared/schemas';
import type { Db, Tx } from '../../db/client';

/** An order's shipments as its readers show them (owner: shipments, modules/shipments/shipments.read.ts). */
export interface ShipmentsReadPort {
  /** The order's shipments, oldest first, with their lines in report order, named from the order's `lines`. */
  forOrder(db: Db | Tx, orderId: string, lines: readonly { id: string; article_code: string; description: string }[]): Promise<OrderShipment[]>;
}
