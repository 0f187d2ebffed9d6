// The read port of an order's shipments (decision 050): the buyer's order page (order-history)
// shows them without naming this module's tables.
import type { ShipmentsReadPort } from './contract';
import { shipmentsRepository } from './shipments.repository';

export const shipmentsRead: ShipmentsReadPort = {
  async forOrder(db, orderId, lines) {
    const facts = new Map(lines.map((l) => [l.id, { articleCode: l.article_code, description: l.description }]));
    const found = await shipmentsRepository.forOrder(db, orderId, facts);
    return found.map(({ id: _id, recorded_at: _at, ...shipment }) => shipment);
  },
};
